//! Pinned VMs: the ones a user starred, in the order they chose, shown
//! first in the list and the switcher. Kept per account in the browser,
//! as tags are; the API has no such field.

use crate::validate::is_id;
use serde_json::Value;

/// The most VMs an account pins: they are all read for the top of the list.
pub const MAX_PINS: usize = 20;

/// The pinned VMs' ids, in the user's order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pins(Vec<String>);

impl Pins {
    /// Reads what it can of what was kept (`["<vm id>", …]`): what is not a
    /// VM id, a second of an id, and any past [`MAX_PINS`] are left out.
    pub fn from_json(value: &Value) -> Self {
        let mut pins = Self::default();
        for id in value.as_array().into_iter().flatten().filter_map(Value::as_str) {
            pins.pin(id);
        }
        pins
    }

    pub fn to_json(&self) -> Value {
        Value::from(self.0.clone())
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn ids(&self) -> &[String] {
        &self.0
    }

    pub fn contains(&self, vm: &str) -> bool {
        self.0.iter().any(|id| id == vm)
    }

    /// Pins `vm` last; `false` when there is no room (or `vm` is not a VM
    /// id). A pinned VM stays where it is.
    pub fn pin(&mut self, vm: &str) -> bool {
        if self.contains(vm) {
            return true;
        }
        let room = is_id(vm) && self.0.len() < MAX_PINS;
        if room {
            self.0.push(vm.to_owned());
        }
        room
    }

    pub fn unpin(&mut self, vm: &str) {
        self.0.retain(|id| id != vm);
    }

    /// Moves `vm` to `index` (clamped to the list), the others closing up
    /// behind it: a drop, or a step up or down.
    pub fn move_to(&mut self, vm: &str, index: usize) {
        let Some(from) = self.0.iter().position(|id| id == vm) else { return };
        let id = self.0.remove(from);
        let to = index.min(self.0.len());
        self.0.insert(to, id);
    }

    /// Moves `vm` one place up (`-1`) or down (`1`); at an end it stays.
    pub fn step(&mut self, vm: &str, by: isize) {
        if let Some(at) = self.0.iter().position(|id| id == vm) {
            self.move_to(vm, at.saturating_add_signed(by));
        }
    }

    /// `vm`'s place, from 0.
    pub fn place(&self, vm: &str) -> Option<usize> {
        self.0.iter().position(|id| id == vm)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn ids(pins: &Pins) -> Vec<&str> {
        pins.ids().iter().map(String::as_str).collect()
    }

    #[test]
    fn pins_keep_the_users_order_and_move_by_steps_and_drops() {
        let mut pins = Pins::default();
        for id in ["1", "2", "3", "4"] {
            assert!(pins.pin(id));
        }
        assert!(pins.pin("2"), "pinned again: stays where it is");
        assert!(!pins.pin("x"));
        assert_eq!(ids(&pins), ["1", "2", "3", "4"]);
        pins.step("3", -1);
        assert_eq!(ids(&pins), ["1", "3", "2", "4"]);
        pins.step("1", -1);
        pins.step("4", 1);
        assert_eq!(ids(&pins), ["1", "3", "2", "4"], "at an end it stays");
        pins.move_to("4", 0);
        assert_eq!(ids(&pins), ["4", "1", "3", "2"]);
        pins.move_to("4", 99);
        assert_eq!(ids(&pins), ["1", "3", "2", "4"]);
        pins.unpin("3");
        assert_eq!(ids(&pins), ["1", "2", "4"]);
        assert_eq!(pins.place("4"), Some(2));
        pins.move_to("9", 0);
        assert_eq!(ids(&pins), ["1", "2", "4"], "an id not pinned moves nothing");
    }

    #[test]
    fn an_account_pins_at_most_its_share() {
        let mut pins = Pins::default();
        for i in 0..MAX_PINS {
            assert!(pins.pin(&(i + 1).to_string()));
        }
        assert!(!pins.pin("999"));
        assert_eq!(pins.ids().len(), MAX_PINS);
    }

    #[test]
    fn kept_pins_read_back_and_what_is_not_a_pin_is_left_out() {
        let mut pins = Pins::default();
        pins.pin("7");
        pins.pin("3");
        assert_eq!(Pins::from_json(&pins.to_json()), pins);
        assert_eq!(Pins::from_json(&json!(["5", "5", "x", 6, "../1", "8"])).ids(), ["5", "8"]);
        for not_pins in [json!(null), json!({}), json!("5")] {
            assert!(Pins::from_json(&not_pins).is_empty());
        }
    }
}
