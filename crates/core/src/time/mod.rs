//! Dates as the service writes them (ISO 8601, usually without a zone), and
//! every moment as the user reads it ([`moment_label`]: a chart's labels, the
//! task tray, the history, the overview): in their time zone and written as
//! their locale writes it, both of which the browser knows and tells the core
//! as data ([`MomentStyle`], an offset), so that the tests write what the
//! panel shows.

mod calendar;
mod elapsed;
mod iso;
mod moment;
mod zone;

pub use calendar::civil_from_days;
pub(crate) use calendar::{days_from_civil, days_in_month};
pub use elapsed::{format_elapsed, updated_ago};
pub use iso::{iso_at_offset, iso_from_millis, parse_service_date};
pub use moment::{moment_label, Field, MomentPart, MomentStyle, Precision};
pub use zone::{offset_from_wall, ZoneChoice};
