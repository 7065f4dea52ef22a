//! The command line: a contract that tests, benchmarks and the README rely on.

use std::net::SocketAddr;
use std::path::PathBuf;

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
    --dist DIR           serve the built panel from DIR at /, with index.html
                         for every path that is not a file (deep links)
    -h, --help           print this help

The API is served under /api: {base_url} is http://HOST:PORT/api. Requests
carry the account's token in the Authorization header.
";

#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub listen: SocketAddr,
    pub accounts: Vec<(u64, String)>,
    pub vms: usize,
    pub seed: u64,
    pub dist: Option<PathBuf>,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            accounts: Vec::new(),
            vms: 12,
            seed: 1,
            dist: None,
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
            other => return Err(format!("unknown option {other} (see --help)")),
        }
    }
    if config.accounts.is_empty() {
        config.accounts.push((1, "demo-token".to_owned()));
    }
    Ok(Command::Run(config))
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
            "--seed=42", "--dist", "dist",
        ])
        .unwrap();
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
        assert_eq!(parse(["--help".to_string()]), Ok(Command::Help));
    }
}
