//! Every write the panel makes, as data: the method, the path and the exact
//! JSON body. The panel sends these values, and "Show as API request" prints
//! the same values as `curl`, so what is shown is what is sent.

use crate::api::paths::{self, NicPart, VmPart};
use crate::i18n::messages as t;
use crate::secrets::is_secret_key;
use crate::ApiError;
use serde_json::{json, Map, Value};

/// The HTTP methods the API uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
    Put,
    Delete,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
            Method::Put => "PUT",
            Method::Delete => "DELETE",
        }
    }
}

/// One request to the API, without the base URL and the token.
#[derive(Clone, Debug, PartialEq)]
pub struct ApiRequest {
    pub method: Method,
    /// From `/account/...`, as `paths` builds it.
    pub path: String,
    pub body: Option<Value>,
}

impl ApiRequest {
    fn new(method: Method, path: String, body: Option<Value>) -> Self {
        ApiRequest { method, path, body }
    }

    /// The network interface the request is about: `…/network_interface/<id>[/…]`.
    pub fn interface(&self) -> Option<String> {
        let mut parts = self.path.split('/');
        parts.find(|p| *p == "network_interface")?;
        parts.next().filter(|id| !id.is_empty()).map(str::to_owned)
    }

    /// The request as a `curl` command to paste in a POSIX shell: the token
    /// is `$VMDECK_TOKEN`, never the user's own; every secret value of the
    /// body, at any depth, is a variable too ([`secret_variable`]), written
    /// as `"'"$VMDECK_ROOT_PASSWORD"'"` inside the single-quoted JSON (the
    /// quote closed, the variable in double quotes, the quote reopened);
    /// every other part is quoted so the shell takes it literally. A
    /// variable's value goes into a JSON string as it is, so it may not hold
    /// `"` or `\` (a root password never does).
    pub fn curl(&self, base_url: &str) -> String {
        let url = paths::url(base_url, &self.path, &[]);
        let mut out = format!("curl -X {} {}", self.method.as_str(), shell_quote(&url));
        out.push_str(" \\\n  -H \"Authorization: $VMDECK_TOKEN\"");
        out.push_str(" \\\n  -H 'Accept: application/json'");
        if let Some(body) = &self.body {
            out.push_str(" \\\n  -H 'Content-Type: application/json'");
            let mut parts = Vec::new();
            write_json(body, &mut parts);
            let data: String = parts
                .iter()
                .map(|part| match part {
                    Piece::Literal(text) => text.replace('\'', "'\\''"),
                    Piece::Variable(name) => format!("'\"${name}\"'"),
                })
                .collect();
            out.push_str(&format!(" \\\n  --data-raw '{data}'"));
        }
        out
    }

    /// The variables [`curl`](Self::curl)'s command reads besides
    /// `VMDECK_TOKEN`, each once, in the order the body names them:
    /// `["VMDECK_ROOT_PASSWORD"]` for a new VM with a password.
    pub fn secret_variables(&self) -> Vec<String> {
        let mut parts = Vec::new();
        if let Some(body) = &self.body {
            write_json(body, &mut parts);
        }
        let mut names: Vec<String> = Vec::new();
        for part in parts {
            if let Piece::Variable(name) = part {
                if !names.contains(&name) {
                    names.push(name);
                }
            }
        }
        names
    }
}

/// `text` in single quotes, a quote inside written as `'\''`.
fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}

/// The shell variable that stands for the value of a secret key in a
/// command: `VMDECK_` and the key in capitals, a leading `initial_` left
/// out and anything but letters, digits and `_` made `_`
/// (`initial_root_password` → `VMDECK_ROOT_PASSWORD`,
/// `remote_access_password` → `VMDECK_REMOTE_ACCESS_PASSWORD`). A key
/// named like the token's own variable gets `_FIELD` after it, so that the
/// token is never sent in its place.
pub fn secret_variable(key: &str) -> String {
    let lower = key.to_ascii_lowercase();
    let name = lower.strip_prefix("initial_").filter(|rest| !rest.is_empty()).unwrap_or(&lower);
    let name: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_uppercase() } else { '_' })
        .collect();
    match format!("VMDECK_{name}") {
        token if token == "VMDECK_TOKEN" => format!("{token}_FIELD"),
        variable => variable,
    }
}

/// A piece of a body as a command writes it: JSON text, or a variable that
/// stands for a secret value.
enum Piece {
    Literal(String),
    Variable(String),
}

fn push_literal(parts: &mut Vec<Piece>, text: &str) {
    match parts.last_mut() {
        Some(Piece::Literal(last)) => last.push_str(text),
        _ => parts.push(Piece::Literal(text.to_owned())),
    }
}

/// `value` as compact JSON, as `Value::to_string` writes it, except that the
/// value of a secret key (not null) is a JSON string made of its variable.
fn write_json(value: &Value, parts: &mut Vec<Piece>) {
    match value {
        Value::Object(map) => {
            push_literal(parts, "{");
            for (i, (key, item)) in map.iter().enumerate() {
                if i > 0 {
                    push_literal(parts, ",");
                }
                push_literal(parts, &format!("{}:", Value::String(key.clone())));
                if is_secret_key(key) && !item.is_null() {
                    push_literal(parts, "\"");
                    parts.push(Piece::Variable(secret_variable(key)));
                    push_literal(parts, "\"");
                } else {
                    write_json(item, parts);
                }
            }
            push_literal(parts, "}");
        }
        Value::Array(items) => {
            push_literal(parts, "[");
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    push_literal(parts, ",");
                }
                write_json(item, parts);
            }
            push_literal(parts, "]");
        }
        other => push_literal(parts, &other.to_string()),
    }
}

/// Numbers go out as strings, as in the spec's examples: the one place
/// that decides how the panel sends numbers.
pub fn number(n: u64) -> Value {
    Value::String(n.to_string())
}

type Made = Result<ApiRequest, ApiError>;

/// POST `virtual_machine`: 202 with the new VM, busy while it builds.
pub fn create_vm(account: &str, body: Value) -> ApiRequest {
    ApiRequest::new(Method::Post, paths::new_vm(account), Some(body))
}

/// PUT the VM with `changes`: a power change, a rebuild or an edit.
pub fn edit_vm(account: &str, vm: &str, changes: Map<String, Value>) -> Made {
    Ok(ApiRequest::new(Method::Put, paths::vm(account, vm)?, Some(Value::Object(changes))))
}

fn put_vm(account: &str, vm: &str, body: Value) -> Made {
    Ok(ApiRequest::new(Method::Put, paths::vm(account, vm)?, Some(body)))
}

fn post_vm(account: &str, vm: &str, part: VmPart, body: Value) -> Made {
    Ok(ApiRequest::new(Method::Post, paths::vm_part(account, vm, part)?, Some(body)))
}

/// PUT with `status: online`.
pub fn start_vm(account: &str, vm: &str) -> Made {
    put_vm(account, vm, json!({"status": "online"}))
}

/// PUT with `status: offline`; `force` pulls the plug instead of shutting down.
pub fn stop_vm(account: &str, vm: &str, force: bool) -> Made {
    put_vm(account, vm, json!({"status": "offline", "force": force}))
}

/// POST `reboot`; `force` kills the VM (only one kind of provider honours it).
pub fn reboot_vm(account: &str, vm: &str, force: bool) -> Made {
    post_vm(account, vm, VmPart::Reboot, json!({"force": force}))
}

/// PUT with `template_id`: the disks are zeroed and the OS installed again.
pub fn rebuild_vm(account: &str, vm: &str, template_id: &str, start_after: bool) -> Made {
    let template_id = paths::checked_id(template_id, t::WHAT_TEMPLATE)?;
    put_vm(account, vm, json!({"template_id": template_id, "required_startup": start_after}))
}

/// DELETE the VM: its disks, interfaces, addresses and backups go with it.
pub fn destroy_vm(account: &str, vm: &str) -> Made {
    Ok(ApiRequest::new(Method::Delete, paths::vm(account, vm)?, None))
}

pub fn reset_password(account: &str, vm: &str) -> Made {
    post_vm(account, vm, VmPart::ResetPassword, json!({}))
}

pub fn rebuild_network(account: &str, vm: &str) -> Made {
    post_vm(account, vm, VmPart::RebuildNetwork, json!({}))
}

pub fn apply_firewall_rules(account: &str, vm: &str) -> Made {
    post_vm(account, vm, VmPart::ApplyFirewallRules, json!({}))
}

/// POST `template`, with the label when one is given.
pub fn create_template(account: &str, vm: &str, label: &str) -> Made {
    let body = if label.trim().is_empty() { json!({}) } else { json!({"label": label.trim()}) };
    post_vm(account, vm, VmPart::Template, body)
}

/// POST `clone` with the clone form's body.
pub fn clone_vm(account: &str, vm: &str, body: Value) -> Made {
    post_vm(account, vm, VmPart::Clone, body)
}

/// PUT `segregation/<target>` to keep the two VMs apart, DELETE to stop.
pub fn set_segregation(account: &str, vm: &str, target: &str, keep_apart: bool) -> Made {
    let path = paths::segregation(account, vm, target)?;
    Ok(if keep_apart {
        ApiRequest::new(Method::Put, path, Some(json!({})))
    } else {
        ApiRequest::new(Method::Delete, path, None)
    })
}

/// POST `apply_disks`; `format` erases the disks.
pub fn apply_disks(account: &str, vm: &str, format: bool) -> Made {
    post_vm(account, vm, VmPart::ApplyDisks, json!({"required_format_disk": format}))
}

/// What to mount: an uploaded ISO or one at a URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IsoSource {
    Id(String),
    Url(String),
}

/// POST `iso`.
pub fn mount_iso(account: &str, vm: &str, source: &IsoSource) -> Made {
    let body = match source {
        IsoSource::Id(id) => json!({"iso_id": paths::checked_id(id, t::WHAT_ISO)?}),
        IsoSource::Url(url) => json!({"iso_url": url.trim()}),
    };
    post_vm(account, vm, VmPart::Iso, body)
}

/// DELETE `iso/<join>`.
pub fn unmount_iso(account: &str, vm: &str, join: &str) -> Made {
    Ok(ApiRequest::new(Method::Delete, paths::mounted_iso(account, vm, join)?, None))
}

/// DELETE `snapshots`: the pending changes are merged into the disks.
pub fn delete_snapshots(account: &str, vm: &str) -> Made {
    Ok(ApiRequest::new(Method::Delete, paths::vm_part(account, vm, VmPart::Snapshots)?, None))
}

/// POST `network_interface` on the VM: 201 when it is offline, 202 otherwise.
pub fn add_interface(account: &str, vm: &str, body: Value) -> Made {
    post_vm(account, vm, VmPart::NetworkInterface, body)
}

/// PUT `/network_interface/<id>`: an edit, or the default policy alone.
pub fn edit_interface(account: &str, nic: &str, changes: Map<String, Value>) -> Made {
    Ok(ApiRequest::new(Method::Put, paths::nic(account, nic)?, Some(Value::Object(changes))))
}

/// PUT `/network_interface/<id>` with the default policy alone.
pub fn set_default_policy(account: &str, nic: &str, policy: &str) -> Made {
    let mut changes = Map::new();
    changes.insert("default_firewall_policy".into(), json!(policy));
    edit_interface(account, nic, changes)
}

/// DELETE `/network_interface/<id>`: its addresses and rules go with it.
pub fn delete_interface(account: &str, nic: &str) -> Made {
    Ok(ApiRequest::new(Method::Delete, paths::nic(account, nic)?, None))
}

/// POST `ip_address` on the interface: a new address, or a reserved one by id.
pub fn add_ip(account: &str, nic: &str, reserved_id: Option<&str>) -> Made {
    let body = match reserved_id {
        Some(id) => json!({"ip_address_id": paths::checked_id(id, t::WHAT_IP_ADDRESS)?}),
        None => json!({}),
    };
    Ok(ApiRequest::new(
        Method::Post,
        paths::nic_part(account, nic, NicPart::IpAddress)?,
        Some(body),
    ))
}

/// DELETE `ip_address/<ip>`: the only address takes the interface with it.
pub fn remove_ip(account: &str, nic: &str, ip: &str) -> Made {
    Ok(ApiRequest::new(Method::Delete, paths::nic_ip(account, nic, ip)?, None))
}

/// POST `firewall_rule` on the interface: 201 with the rule.
pub fn create_rule(account: &str, nic: &str, body: Value) -> Made {
    Ok(ApiRequest::new(
        Method::Post,
        paths::nic_part(account, nic, NicPart::FirewallRule)?,
        Some(body),
    ))
}

/// DELETE `firewall_rule/<id>`: 204; the interface keeps it until the rules are applied.
pub fn delete_rule(account: &str, rule: &str) -> Made {
    Ok(ApiRequest::new(Method::Delete, paths::firewall_rule(account, rule)?, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_as_curl_has_no_token_and_quotes_everything() {
        let request = create_vm("1", json!({"label": "it's mine", "memory": 1024}));
        assert_eq!(
            request.curl("https://api.example.com"),
            "curl -X POST 'https://api.example.com/account/1/virtual_machine' \\\n  -H \"Authorization: $VMDECK_TOKEN\" \\\n  -H 'Accept: application/json' \\\n  -H 'Content-Type: application/json' \\\n  --data-raw '{\"label\":\"it'\\''s mine\",\"memory\":1024}'"
        );
        assert_eq!(
            destroy_vm("1", "7").unwrap().curl("/api"),
            "curl -X DELETE '/api/account/1/virtual_machine/7' \\\n  -H \"Authorization: $VMDECK_TOKEN\" \\\n  -H 'Accept: application/json'"
        );
    }

    /// The words a POSIX shell makes of `command`, `$NAME` taken from `env`:
    /// as much of the shell as reading back a `curl` command needs.
    fn shell_words(command: &str, env: &[(&str, &str)]) -> Vec<String> {
        fn expand(
            chars: &mut std::iter::Peekable<std::str::Chars>,
            env: &[(&str, &str)],
        ) -> String {
            let mut name = String::new();
            while let Some(c) = chars.next_if(|c| c.is_ascii_alphanumeric() || *c == '_') {
                name.push(c);
            }
            let value = env.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
            value.unwrap_or_else(|| panic!("${name} is not set")).to_owned()
        }
        let mut words = Vec::new();
        let mut word: Option<String> = None;
        let mut chars = command.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' => match chars.next() {
                    Some('\n') | None => {}
                    Some(other) => word.get_or_insert_default().push(other),
                },
                '\'' => loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.get_or_insert_default().push(c),
                        None => panic!("an unclosed single quote in {command}"),
                    }
                },
                '"' => loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('$') => {
                            let value = expand(&mut chars, env);
                            word.get_or_insert_default().push_str(&value);
                        }
                        Some('\\') => match chars.next() {
                            Some(c @ ('$' | '`' | '"' | '\\')) => {
                                word.get_or_insert_default().push(c)
                            }
                            Some('\n') => {}
                            Some(c) => word.get_or_insert_default().extend(['\\', c]),
                            None => panic!("an unclosed double quote in {command}"),
                        },
                        Some(c) => word.get_or_insert_default().push(c),
                        None => panic!("an unclosed double quote in {command}"),
                    }
                },
                '$' => {
                    let value = expand(&mut chars, env);
                    word.get_or_insert_default().push_str(&value);
                }
                ' ' | '\t' | '\n' => words.extend(word.take()),
                c => word.get_or_insert_default().push(c),
            }
        }
        words.extend(word);
        words
    }

    fn data_raw(words: &[String]) -> Option<&str> {
        let at = words.iter().position(|w| w == "--data-raw")?;
        words.get(at + 1).map(String::as_str)
    }

    #[test]
    fn a_password_in_a_command_is_a_variable() {
        let form = crate::vm::create::CreateVmForm {
            label: "Web's".into(),
            hostname: "web-01".into(),
            template_id: "1".into(),
            initial_root_password: "Typed_pass-1".into(),
            ..Default::default()
        };
        let body = form.body().unwrap();
        let request = create_vm("1", body.clone());
        let command = request.curl("https://api.example.com");
        assert!(
            command.contains(r#""initial_root_password":"'"$VMDECK_ROOT_PASSWORD"'""#),
            "{command}"
        );
        assert!(!command.contains("Typed_pass-1"), "{command}");
        assert_eq!(request.secret_variables(), ["VMDECK_ROOT_PASSWORD"]);
        // What a shell makes of it is the body the panel sends, the password from its variable.
        let env = [("VMDECK_TOKEN", "t0k3n"), ("VMDECK_ROOT_PASSWORD", "Typed_pass-1")];
        let words = shell_words(&command, &env);
        assert_eq!(
            words[..4],
            ["curl", "-X", "POST", "https://api.example.com/account/1/virtual_machine"]
                .map(String::from)
        );
        assert!(words.contains(&"Authorization: t0k3n".to_owned()), "{words:?}");
        let sent: Value = serde_json::from_str(data_raw(&words).unwrap_or_default()).unwrap();
        assert_eq!(sent, body);
        // No password typed: the service picks one, and no variable is needed.
        let random =
            crate::vm::create::CreateVmForm { initial_root_password: String::new(), ..form };
        let request = create_vm("1", random.body().unwrap());
        assert!(request.secret_variables().is_empty());
        assert!(!request.curl("/api").contains("$VMDECK_ROOT_PASSWORD"));
    }

    #[test]
    fn every_secret_of_a_body_is_a_variable_at_any_depth() {
        let body = json!({
            "label": "it's",
            "list": [{"ssh_key": "k3y"}],
            "note_key": null,
            "remote_access_password": "r3m0te",
            "token": "y",
            "x": {"api_token": "t0k"},
        });
        let request = create_rule("1", "9", body.clone()).unwrap();
        let command = request.curl("/api");
        let data = r#"--data-raw '{"label":"it'\''s","list":[{"ssh_key":"'"$VMDECK_SSH_KEY"'"}],"note_key":null,"remote_access_password":"'"$VMDECK_REMOTE_ACCESS_PASSWORD"'","token":"'"$VMDECK_TOKEN_FIELD"'","x":{"api_token":"'"$VMDECK_API_TOKEN"'"}}'"#;
        assert!(command.ends_with(data), "{command}");
        assert_eq!(
            request.secret_variables(),
            [
                "VMDECK_SSH_KEY",
                "VMDECK_REMOTE_ACCESS_PASSWORD",
                "VMDECK_TOKEN_FIELD",
                "VMDECK_API_TOKEN"
            ]
        );
        let env = [
            ("VMDECK_TOKEN", "not this"),
            ("VMDECK_SSH_KEY", "k3y"),
            ("VMDECK_REMOTE_ACCESS_PASSWORD", "r3m0te"),
            ("VMDECK_TOKEN_FIELD", "y"),
            ("VMDECK_API_TOKEN", "t0k"),
        ];
        let sent: Value =
            serde_json::from_str(data_raw(&shell_words(&command, &env)).unwrap_or_default())
                .unwrap();
        assert_eq!(sent, body);
    }

    #[test]
    fn variables_are_named_after_their_keys() {
        assert_eq!(secret_variable("initial_root_password"), "VMDECK_ROOT_PASSWORD");
        assert_eq!(secret_variable("remote_access_password"), "VMDECK_REMOTE_ACCESS_PASSWORD");
        assert_eq!(secret_variable("Initial_Password"), "VMDECK_PASSWORD");
        assert_eq!(secret_variable("api-token"), "VMDECK_API_TOKEN");
        assert_eq!(secret_variable("token"), "VMDECK_TOKEN_FIELD");
    }

    #[test]
    fn writes_follow_the_spec() {
        let put = |path: &str, body: Value| ApiRequest::new(Method::Put, path.into(), Some(body));
        let post = |path: &str, body: Value| ApiRequest::new(Method::Post, path.into(), Some(body));
        let delete = |path: &str| ApiRequest::new(Method::Delete, path.into(), None);
        let vm = "/account/1/virtual_machine/42";
        let nic = "/account/1/network_interface/9";
        let cases = [
            (start_vm("1", "42"), put(vm, json!({"status": "online"}))),
            (stop_vm("1", "42", true), put(vm, json!({"status": "offline", "force": true}))),
            (reboot_vm("1", "42", false), post(&format!("{vm}/reboot"), json!({"force": false}))),
            (
                rebuild_vm("1", "42", " 5 ", true),
                put(vm, json!({"template_id": "5", "required_startup": true})),
            ),
            (destroy_vm("1", "42"), delete(vm)),
            (reset_password("1", "42"), post(&format!("{vm}/reset_password"), json!({}))),
            (rebuild_network("1", "42"), post(&format!("{vm}/rebuild_network"), json!({}))),
            (
                apply_firewall_rules("1", "42"),
                post(&format!("{vm}/apply_firewall_rules"), json!({})),
            ),
            (create_template("1", "42", "  "), post(&format!("{vm}/template"), json!({}))),
            (
                create_template("1", "42", " base "),
                post(&format!("{vm}/template"), json!({"label": "base"})),
            ),
            (
                set_segregation("1", "42", "43", true),
                put(&format!("{vm}/segregation/43"), json!({})),
            ),
            (set_segregation("1", "42", "43", false), delete(&format!("{vm}/segregation/43"))),
            (
                apply_disks("1", "42", true),
                post(&format!("{vm}/apply_disks"), json!({"required_format_disk": true})),
            ),
            (
                mount_iso("1", "42", &IsoSource::Id("3".into())),
                post(&format!("{vm}/iso"), json!({"iso_id": "3"})),
            ),
            (
                mount_iso("1", "42", &IsoSource::Url(" https://x/a.iso ".into())),
                post(&format!("{vm}/iso"), json!({"iso_url": "https://x/a.iso"})),
            ),
            (unmount_iso("1", "42", "8"), delete(&format!("{vm}/iso/8"))),
            (delete_snapshots("1", "42"), delete(&format!("{vm}/snapshots"))),
            (
                set_default_policy("1", "9", "DROP"),
                put(nic, json!({"default_firewall_policy": "DROP"})),
            ),
            (delete_interface("1", "9"), delete(nic)),
            (add_ip("1", "9", None), post(&format!("{nic}/ip_address"), json!({}))),
            (
                add_ip("1", "9", Some("77")),
                post(&format!("{nic}/ip_address"), json!({"ip_address_id": "77"})),
            ),
            (remove_ip("1", "9", "77"), delete(&format!("{nic}/ip_address/77"))),
            (
                create_rule("1", "9", json!({"command": "ACCEPT"})),
                post(&format!("{nic}/firewall_rule"), json!({"command": "ACCEPT"})),
            ),
            (delete_rule("1", "31"), delete("/account/1/firewall_rule/31")),
        ];
        for (made, expected) in cases {
            assert_eq!(made.unwrap(), expected);
        }
    }

    #[test]
    fn a_bad_id_makes_no_request() {
        assert!(start_vm("1", "../2").is_err());
        assert!(rebuild_vm("1", "42", "x", true).is_err());
        assert!(mount_iso("1", "42", &IsoSource::Id("1/2".into())).is_err());
        assert!(add_ip("1", "9", Some("?")).is_err());
        assert!(set_segregation("1", "42", "", true).is_err());
        assert!(remove_ip("1", "9", "a").is_err());
    }
}
