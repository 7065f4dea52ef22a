//! Every write the panel makes, as data: the method, the path and the exact
//! JSON body. The panel sends these values, and "Show as API request" prints
//! the same values as `curl`, so what is shown is what is sent. The writes
//! are in one file per resource, each with its tests.

use crate::api::paths;
use crate::secrets::is_secret_key;
use crate::ApiError;
use serde_json::Value;

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

    /// The network interface the request is about: `…/network_interface/<id>[/…]`,
    /// or a rule's edit naming it (`network_interface_id` in the body).
    pub fn interface(&self) -> Option<String> {
        let mut parts = self.path.split('/');
        let in_path = parts
            .find(|p| *p == "network_interface")
            .and_then(|_| parts.next())
            .filter(|id| !id.is_empty())
            .map(str::to_owned);
        in_path.or_else(|| {
            let body = self.body.as_ref()?.get("network_interface_id")?;
            crate::api::decode::id(Some(body))
        })
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

mod backup;
mod disk;
mod network;
mod template;
mod vm;

pub use backup::*;
pub use disk::*;
pub use network::*;
pub use template::*;
pub use vm::*;

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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
}
