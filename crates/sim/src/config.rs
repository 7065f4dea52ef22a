//! The command line: a contract that tests, benchmarks and the README rely on.

use crate::faults::FaultConfig;
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
    --vms N              VMs seeded into each account [default: 12]
    --seed S             seed of the generated data; the same seed gives the
                         same VMs [default: 1]
    --op-ms MS           how long a 202 operation keeps the VM locked
                         [default: 2500]
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
carry the account's token in the Authorization header.

/_store/workspace keeps each account's workspace file, opened by the same
token: PUT a JSON object of at most 2,000,000 bytes (204), GET it back as it
was put (404 before any PUT). The fault switches and --cors-origin apply to
it as to the API.

The fault switches can be changed while running: GET /_sim/faults shows them,
PUT /_sim/faults with a JSON object of latency_ms, error_rate, malformed_rate
and drop_rate (fields left out are off) replaces them.
";

#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub listen: SocketAddr,
    pub accounts: Vec<(u64, String)>,
    pub vms: usize,
    pub seed: u64,
    pub dist: Option<PathBuf>,
    pub op_time: Duration,
    pub cors_origins: Vec<String>,
    pub faults: FaultConfig,
    pub hostile_text: bool,
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
            cors_origins: Vec::new(),
            faults: FaultConfig::default(),
            hostile_text: false,
        }
    }
}

/// What the command line asked for.
#[derive(Debug, PartialEq)]
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
                config.listen = v.parse().map_err(|_| format!("--listen: “{v}” is not an address like 127.0.0.1:8080"))?;
            }
            "--account" => {
                let v = value("ID:TOKEN")?;
                let (id, token) = v.split_once(':').ok_or_else(|| format!("--account: “{v}” is not ID:TOKEN"))?;
                let id: u64 = id.parse().map_err(|_| format!("--account: the id “{id}” is not a number"))?;
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
            "--op-ms" => config.op_time = Duration::from_millis(number(&name, &value("milliseconds")?)?),
            "--latency-ms" => config.faults.latency_ms = number(&name, &value("milliseconds")?)?,
            "--error-rate" => config.faults.error_rate = rate(&name, &value("a share from 0 to 1")?)?,
            "--malformed-rate" => config.faults.malformed_rate = rate(&name, &value("a share from 0 to 1")?)?,
            "--drop-rate" => config.faults.drop_rate = rate(&name, &value("a share from 0 to 1")?)?,
            "--hostile-text" => config.hostile_text = true,
            "--cors-origin" => {
                let origin = value("an origin like http://127.0.0.1:8081")?;
                let ok = (origin.starts_with("http://") || origin.starts_with("https://"))
                    && !origin.trim_end_matches('/').contains(|c: char| c.is_whitespace())
                    && origin.splitn(4, '/').nth(3).is_none_or(str::is_empty);
                if !ok {
                    return Err(format!("--cors-origin: “{origin}” is not an origin like http://127.0.0.1:8081"));
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
    Ok(Command::Run(config))
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
    }

    #[test]
    fn every_option_in_both_spellings() {
        let c = run(&[
            "--listen", "127.0.0.1:0", "--account", "7:abc", "--account=8:def", "--vms", "10000",
            "--seed=42", "--dist", "dist", "--op-ms", "300", "--cors-origin", "http://127.0.0.1:8081",
            "--latency-ms", "20", "--error-rate", "0.1", "--malformed-rate=0.05", "--drop-rate", "0.05",
        ])
        .unwrap();
        assert_eq!(c.op_time, Duration::from_millis(300));
        assert_eq!(c.cors_origins, vec!["http://127.0.0.1:8081".to_owned()]);
        assert_eq!(c.faults, FaultConfig { latency_ms: 20, error_rate: 0.1, malformed_rate: 0.05, drop_rate: 0.05 });
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
        assert!(run(&["--error-rate", "0.6", "--drop-rate", "0.6"]).unwrap_err().contains("more than 1"));
        assert!(run(&["--op-ms", "soon"]).unwrap_err().contains("whole number"));
        assert!(run(&["--cors-origin", "http://x/path"]).unwrap_err().contains("origin"));
        assert_eq!(parse(["--help".to_string()]), Ok(Command::Help));
    }
}
