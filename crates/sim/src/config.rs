//! The command line: a contract that tests, benchmarks and the README rely on.

pub mod generation;
pub mod logins;

use crate::faults::FaultConfig;
pub use generation::Generation;
use logins::{ApiKeySpec, UserSpec};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

pub const USAGE: &str = "\
vmdeck-sim: a stateful simulator of the provider's VM and network interface API,
which also serves the built vmdeck panel.

USAGE:
    vmdeck-sim [OPTIONS]

OPTIONS:
    --listen ADDR        address to listen on [default: 127.0.0.1:8080];
                         port 0 picks a free port (the chosen one is printed)
    --account ID:TOKEN   an account and the token that opens it; repeatable
                         [default: 1:demo-token]
    --account-name ID:NAME
                         the name GET /accounts gives an account; repeatable
                         [default: 1 Northwind Shop, 2 Northwind Staging,
                         3 Contoso Labs, others Account ID]
    --user EMAIL:PASSWORD:ACCOUNTS[:TOTP_SECRET]
                         a customer who logs in with email (any case) and
                         password (no colon in it); ACCOUNTS is ids like 1,2
                         or * (every account); TOTP_SECRET (base32, no
                         padding) turns two-factor authentication on;
                         repeatable [default: demo@example.com:demo-password:1
                         when account 1 exists, and, with two-factor on,
                         team@example.com:team-password:*:JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP]
    --api-key KEY:ACCOUNTS[:DAYS_LEFT[:IDLE_DAYS]]
                         an API key opening ACCOUNTS (as for --user); it
                         expires DAYS_LEFT days after startup (0: expired
                         already) [default: 365] or when unused for
                         IDLE_DAYS days [default: 90]; repeatable [default:
                         demo-api-key:1 and expired-api-key:1:0, when
                         account 1 exists]
    --generation GEN     which generation of the provider's API to answer
                         as [default: documented]:
                         documented: the provider's documentation: a VM has
                           no ip_addresses (they are listed under
                           .../ip_addresses, flat, with interface_id, and an
                           address is removed by its own id), disks have no
                           primary or label, snapshots are id, label,
                           identifier, virtual_machine_id, locked, error and
                           in_use, a busy VM is 422, a VM locks a moment
                           after the 202
                         onapp: OnApp's own shapes (POST /token as
                           documented): ip_addresses on the VM,
                           addresses as joins (removed by the join's or the
                           address's id), disks with primary and label, a busy
                           VM is 403, the lock at once
                         oldest: as documented, but POST /token gives a
                           48-hex token and its expiry as a string, no refresh
                           token, and a create answers {\"queue_token\",
                           \"resource\": VM}
    --token-seconds N    lifetime of access tokens [default: 300; 1800 for
                         POST /token in the oldest generation]
    --refresh-seconds N  lifetime of refresh tokens [default: 1800]
    --vms N              VMs seeded into each account [default: 12]
    --seed S             seed of the generated data; the same seed gives the
                         same VMs [default: 1]
    --op-ms MS           how long a 202 operation keeps the VM locked, from
                         when the lock begins; its effect applies at the end
                         [default: 2500]
    --lock-delay-ms MS   how long after a 202 the VM's lock (\"locked\": 1)
                         begins; a second write is refused from the 202 on
                         [default: 500 for documented and oldest, 0 for onapp]
    --dist DIR           serve the built panel from DIR at /: NAME.br or NAME.gz
                         when Accept-Encoding allows, hashed files cached for
                         a year, the rest no-cache; a missing path without an
                         extension gets index.html when the request accepts
                         text/html or */* (deep links), any other miss a 404
    --cors-origin ORIGIN allow a browser page on ORIGIN (e.g.
                         http://127.0.0.1:8081) to call the API; repeatable
    --latency-ms MS      add this delay to every API request [default: 0]
    --error-rate R       share of API requests answered 500, 502 or 503
                         (some 503s with Retry-After) [default: 0]
    --malformed-rate R   share of API requests whose answer is spoiled: cut
                         short, not JSON, or an HTML page with status 200
                         [default: 0]
    --drop-rate R        share of API requests whose connection breaks
                         [default: 0]
    --hostile-text       give the first VMs of each account, and their disks,
                         snapshots, interfaces and rules, names and notes
                         that carry HTML and script payloads
    -h, --help           print this help

The API is served under /api: {base_url} is http://HOST:PORT/api. Requests
carry a credential in the Authorization header, as \"Bearer SECRET\" or as the
bare SECRET (the oldest way): an account's token, an API key, or an access
token from a login. A missing, unknown or expired one is 401, one that does
not open the account in the path 403, and a token got with \"readonly\": true
is 403 on anything but GET.

Logins, under /api:
    POST /token          JSON {\"login\": EMAIL, \"password\": ..., \"readonly\":
                         false, \"totp\": CODE}: {\"token\", \"expires\",
                         \"refresh_token\", \"refresh_expires\"}; JSON
                         {\"refresh_token\": ...} gives a new pair (each refresh
                         token works once)
    POST /auth/api/openid-connect/token
                         form grant_type=password&client_id=external&
                         username=EMAIL&password=...[&totp=CODE], or
                         grant_type=refresh_token&client_id=external&
                         refresh_token=...: {\"access_token\", \"expires_in\",
                         \"refresh_token\", \"refresh_expires_in\",
                         \"token_type\", \"scope\"}
    POST /auth/api/openid-connect/revoke
                         form token=...: ends that login's access and refresh
                         tokens (200, no body)
    GET /accounts        the accounts the credential opens: [{\"id\", \"name\",
                         \"status\"}]
A user with two-factor authentication on needs the current code of
TOTP_SECRET (RFC 6238: 6 digits, 30 s) as totp; GET /_sim/totp?email=EMAIL
gives it. A wrong email, password or code is 401: {\"error\": \"Invalid login
or password\"} from /token, {\"error\": \"invalid_grant\", ...} from OpenID.

/_store/workspace keeps each account's workspace file, opened by the same
credentials: PUT a JSON object of at most 2,000,000 bytes (204), GET it back
as it was put (404 before any PUT); ?account=ID says which account, needed
when the credential opens several. The fault switches and --cors-origin
apply to it and to the logins as to the API.

The fault switches can be changed while running: GET /_sim/faults shows them,
PUT /_sim/faults with a JSON object of latency_ms, error_rate, malformed_rate
and drop_rate (fields left out are off) replaces them. GET /_sim/auth counts
the password logins, refreshes and revocations and lists the last 100
requests' credentials (scheme and kind, never the secret).
";

#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub listen: SocketAddr,
    pub accounts: Vec<(u64, String)>,
    pub vms: usize,
    pub seed: u64,
    pub dist: Option<PathBuf>,
    pub op_time: Duration,
    /// How long after a 202 the lock begins; `None`: the generation's default.
    pub lock_delay: Option<Duration>,
    pub cors_origins: Vec<String>,
    pub faults: FaultConfig,
    pub hostile_text: bool,
    pub account_names: Vec<(u64, String)>,
    pub users: Vec<UserSpec>,
    pub api_keys: Vec<ApiKeySpec>,
    pub generation: Generation,
    /// Lifetime of access tokens; `None`: the generation's default.
    pub token_seconds: Option<u64>,
    pub refresh_seconds: u64,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            accounts: Vec::new(),
            vms: 12,
            seed: 1,
            dist: None,
            op_time: Duration::from_millis(2500),
            lock_delay: None,
            cors_origins: Vec::new(),
            faults: FaultConfig::default(),
            hostile_text: false,
            account_names: Vec::new(),
            users: Vec::new(),
            api_keys: Vec::new(),
            generation: Generation::Documented,
            token_seconds: None,
            refresh_seconds: 1800,
        }
    }
}

impl Config {
    /// How long after a 202 the VM's lock begins.
    pub fn lock_delay(&self) -> Duration {
        self.lock_delay.unwrap_or_else(|| self.generation.lock_delay())
    }
}

/// What the command line asked for.
#[derive(Debug, PartialEq)]
// Made once per run: boxing the configuration would buy nothing.
#[allow(clippy::large_enum_variant)]
pub enum Command {
    Run(Config),
    Help,
}

pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Command, String> {
    let mut config = Config::default();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n.to_owned(), Some(v.to_owned())),
            _ => (arg.clone(), None),
        };
        let mut value = |what: &str| -> Result<String, String> {
            inline.clone().or_else(|| args.next()).ok_or_else(|| format!("{name} needs {what}"))
        };
        match name.as_str() {
            "-h" | "--help" => return Ok(Command::Help),
            "--listen" => {
                let v = value("an address like 127.0.0.1:8080")?;
                config.listen = v.parse().map_err(|_| {
                    format!("--listen: “{v}” is not an address like 127.0.0.1:8080")
                })?;
            }
            "--account" => {
                let v = value("ID:TOKEN")?;
                let (id, token) =
                    v.split_once(':').ok_or_else(|| format!("--account: “{v}” is not ID:TOKEN"))?;
                let id: u64 =
                    id.parse().map_err(|_| format!("--account: the id “{id}” is not a number"))?;
                if token.is_empty() || token.chars().any(|c| c.is_whitespace() || c.is_control()) {
                    return Err("--account: the token must be non-empty and have no spaces".into());
                }
                if config.accounts.iter().any(|(existing, _)| *existing == id) {
                    return Err(format!("--account: account {id} is given twice"));
                }
                config.accounts.push((id, token.to_owned()));
            }
            "--vms" => {
                let v = value("a number")?;
                config.vms = v.parse().map_err(|_| format!("--vms: “{v}” is not a number"))?;
                if config.vms > 100_000 {
                    return Err("--vms: at most 100000".into());
                }
            }
            "--seed" => {
                let v = value("a number")?;
                config.seed = v.parse().map_err(|_| format!("--seed: “{v}” is not a number"))?;
            }
            "--dist" => config.dist = Some(PathBuf::from(value("a folder")?)),
            "--op-ms" => {
                config.op_time = Duration::from_millis(number(&name, &value("milliseconds")?)?)
            }
            "--lock-delay-ms" => {
                config.lock_delay =
                    Some(Duration::from_millis(number(&name, &value("milliseconds")?)?))
            }
            "--latency-ms" => config.faults.latency_ms = number(&name, &value("milliseconds")?)?,
            "--error-rate" => {
                config.faults.error_rate = rate(&name, &value("a share from 0 to 1")?)?
            }
            "--malformed-rate" => {
                config.faults.malformed_rate = rate(&name, &value("a share from 0 to 1")?)?
            }
            "--drop-rate" => config.faults.drop_rate = rate(&name, &value("a share from 0 to 1")?)?,
            "--hostile-text" => config.hostile_text = true,
            "--account-name" => {
                config.account_names.push(logins::parse_account_name(&value("ID:NAME")?)?)
            }
            "--user" => config
                .users
                .push(logins::parse_user(&value("EMAIL:PASSWORD:ACCOUNTS[:TOTP_SECRET]")?)?),
            "--api-key" => config
                .api_keys
                .push(logins::parse_api_key(&value("KEY:ACCOUNTS[:DAYS_LEFT[:IDLE_DAYS]]")?)?),
            "--generation" => {
                config.generation = match value("documented, onapp or oldest")?.as_str() {
                    "documented" => Generation::Documented,
                    "onapp" => Generation::Onapp,
                    "oldest" => Generation::Oldest,
                    other => {
                        return Err(format!(
                            "--generation: “{other}” is not documented, onapp or oldest"
                        ))
                    }
                }
            }
            "--token-seconds" => config.token_seconds = Some(seconds(&name, &value("seconds")?)?),
            "--refresh-seconds" => config.refresh_seconds = seconds(&name, &value("seconds")?)?,
            "--cors-origin" => {
                let origin = value("an origin like http://127.0.0.1:8081")?;
                let ok = (origin.starts_with("http://") || origin.starts_with("https://"))
                    && !origin.trim_end_matches('/').contains(|c: char| c.is_whitespace())
                    && origin.splitn(4, '/').nth(3).is_none_or(str::is_empty);
                if !ok {
                    return Err(format!(
                        "--cors-origin: “{origin}” is not an origin like http://127.0.0.1:8081"
                    ));
                }
                config.cors_origins.push(origin.trim_end_matches('/').to_owned());
            }
            other => return Err(format!("unknown option {other} (see --help)")),
        }
    }
    if let Some(problem) = config.faults.problem() {
        return Err(problem);
    }
    if config.accounts.is_empty() {
        config.accounts.push((1, "demo-token".to_owned()));
    }
    logins::complete(&mut config)?;
    Ok(Command::Run(config))
}

/// A lifetime: a whole number of seconds, at least 1.
fn seconds(name: &str, text: &str) -> Result<u64, String> {
    number(name, text).and_then(|n| if n == 0 { Err(format!("{name}: at least 1")) } else { Ok(n) })
}

fn number(name: &str, text: &str) -> Result<u64, String> {
    text.parse().map_err(|_| format!("{name}: “{text}” is not a whole number"))
}

fn rate(name: &str, text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|r| (0.0..=1.0).contains(r))
        .ok_or_else(|| format!("{name}: “{text}” is not a share from 0 to 1"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(args: &[&str]) -> Result<Config, String> {
        match parse(args.iter().map(|s| s.to_string()))? {
            Command::Run(c) => Ok(c),
            Command::Help => Err("help".into()),
        }
    }

    #[test]
    fn defaults() {
        let c = run(&[]).unwrap();
        assert_eq!(c.listen.to_string(), "127.0.0.1:8080");
        assert_eq!(c.accounts, vec![(1, "demo-token".to_owned())]);
        assert_eq!(c.dist, None);
        let emails: Vec<&str> = c.users.iter().map(|u| u.email.as_str()).collect();
        assert_eq!(emails, ["demo@example.com", "team@example.com"]);
        assert_eq!(
            c.users[1].totp.as_ref().map(|t| t.base32.as_str()),
            Some(logins::TEAM_TOTP_SECRET)
        );
        let keys: Vec<(&str, u64)> =
            c.api_keys.iter().map(|k| (k.key.as_str(), k.days_left)).collect();
        assert_eq!(keys, [("demo-api-key", 365), ("expired-api-key", 0)]);
        assert_eq!(
            (c.generation, c.token_seconds, c.refresh_seconds),
            (Generation::Documented, None, 1800)
        );
    }

    #[test]
    fn logins_and_their_checks() {
        let c = run(&[
            "--account",
            "2:t",
            "--user",
            "a@b.c:pw:2",
            "--api-key",
            "k:*:30",
            "--generation",
            "oldest",
        ])
        .unwrap();
        assert_eq!(c.users.len(), 1, "no default users beside those given");
        assert_eq!(c.api_keys.len(), 1);
        assert_eq!(c.generation, Generation::Oldest);
        let c = run(&["--account", "2:t"]).unwrap();
        let emails: Vec<&str> = c.users.iter().map(|u| u.email.as_str()).collect();
        assert_eq!(emails, ["team@example.com"], "the demo user needs account 1");
        assert!(c.api_keys.is_empty());
        let c = run(&["--token-seconds", "5", "--refresh-seconds=60", "--account-name", "1:Shop"])
            .unwrap();
        assert_eq!((c.token_seconds, c.refresh_seconds), (Some(5), 60));
        assert_eq!(c.account_names, vec![(1, "Shop".to_owned())]);

        assert!(run(&["--user", "a@b.c:pw:2"]).unwrap_err().contains("no account 2"));
        assert!(run(&["--api-key", "k:1,5"]).unwrap_err().contains("no account 5"));
        assert!(run(&["--account-name", "9:Nine"]).unwrap_err().contains("no account 9"));
        assert!(run(&["--user", "a@b.c:x:1", "--user", "A@B.C:y:1"])
            .unwrap_err()
            .contains("twice"));
        assert!(run(&["--generation", "newest"])
            .unwrap_err()
            .contains("documented, onapp or oldest"));
        let c = run(&["--generation", "onapp"]).unwrap();
        assert_eq!((c.generation, c.lock_delay()), (Generation::Onapp, Duration::ZERO));
        assert_eq!(run(&[]).unwrap().lock_delay(), Duration::from_millis(500));
        let c = run(&["--generation=onapp", "--lock-delay-ms", "40"]).unwrap();
        assert_eq!(
            c.lock_delay(),
            Duration::from_millis(40),
            "an explicit delay applies to any generation"
        );
        assert!(run(&["--token-seconds", "0"]).unwrap_err().contains("at least 1"));
    }

    #[test]
    fn every_option_in_both_spellings() {
        let c = run(&[
            "--listen",
            "127.0.0.1:0",
            "--account",
            "7:abc",
            "--account=8:def",
            "--vms",
            "10000",
            "--seed=42",
            "--dist",
            "dist",
            "--op-ms",
            "300",
            "--cors-origin",
            "http://127.0.0.1:8081",
            "--latency-ms",
            "20",
            "--error-rate",
            "0.1",
            "--malformed-rate=0.05",
            "--drop-rate",
            "0.05",
        ])
        .unwrap();
        assert_eq!(c.op_time, Duration::from_millis(300));
        assert_eq!(c.cors_origins, vec!["http://127.0.0.1:8081".to_owned()]);
        assert_eq!(
            c.faults,
            FaultConfig { latency_ms: 20, error_rate: 0.1, malformed_rate: 0.05, drop_rate: 0.05 }
        );
        assert_eq!(c.listen.port(), 0);
        assert_eq!(c.accounts, vec![(7, "abc".into()), (8, "def".into())]);
        assert_eq!(c.vms, 10_000);
        assert_eq!(c.seed, 42);
        assert_eq!(c.dist, Some(PathBuf::from("dist")));
    }

    #[test]
    fn bad_input_says_what_is_wrong() {
        assert!(run(&["--listen", "nowhere"]).unwrap_err().contains("--listen"));
        assert!(run(&["--account", "x:y"]).unwrap_err().contains("not a number"));
        assert!(run(&["--account", "1"]).unwrap_err().contains("ID:TOKEN"));
        assert!(run(&["--account", "1:a", "--account", "1:b"]).unwrap_err().contains("twice"));
        assert!(run(&["--vms"]).unwrap_err().contains("needs"));
        assert!(run(&["--bogus"]).unwrap_err().contains("unknown option"));
        assert!(run(&["--error-rate", "1.5"]).unwrap_err().contains("share"));
        assert!(run(&["--error-rate", "0.6", "--drop-rate", "0.6"])
            .unwrap_err()
            .contains("more than 1"));
        assert!(run(&["--op-ms", "soon"]).unwrap_err().contains("whole number"));
        assert!(run(&["--cors-origin", "http://x/path"]).unwrap_err().contains("origin"));
        assert_eq!(parse(["--help".to_string()]), Ok(Command::Help));
    }
}
