use std::process::ExitCode;
use vmdeck_sim::config::logins::AccountSet;
use vmdeck_sim::config::{self, Command};

#[tokio::main]
async fn main() -> ExitCode {
    let config = match config::parse(std::env::args().skip(1)) {
        Ok(Command::Run(config)) => config,
        Ok(Command::Help) => {
            print!("{}\n{}", config::USAGE, vmdeck_sim::catalogue::describe());
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("vmdeck-sim: {message}");
            return ExitCode::from(2);
        }
    };
    if let Some(dist) = &config.dist {
        if !dist.join("index.html").is_file() {
            eprintln!("vmdeck-sim: {} has no index.html (build the panel first)", dist.display());
            return ExitCode::from(2);
        }
    }
    let listener = match tokio::net::TcpListener::bind(config.listen).await {
        Ok(listener) => listener,
        Err(err) => {
            eprintln!("vmdeck-sim: cannot listen on {}: {err}", config.listen);
            return ExitCode::from(1);
        }
    };
    let addr = listener.local_addr().unwrap_or(config.listen);
    let app = vmdeck_sim::app(&config);

    // Tests and scripts read these lines: keep their wording.
    println!("vmdeck-sim listening on http://{addr}");
    if config.dist.is_some() {
        println!("  panel:   http://{addr}/");
    }
    println!("  API:     http://{addr}/api");
    for (id, token) in &config.accounts {
        println!("  account: {id}  token: {token}  ({} VMs)", config.vms);
    }
    for user in &config.users {
        let two_factor = user
            .totp
            .as_ref()
            .map(|t| format!("  two-factor secret: {}", t.base32))
            .unwrap_or_default();
        let accounts = accounts_text(&user.accounts);
        println!(
            "  user:    {}  password: {}  accounts: {accounts}{two_factor}",
            user.email, user.password
        );
    }
    for key in &config.api_keys {
        let accounts = accounts_text(&key.accounts);
        let life = if key.days_left == 0 {
            "expired".to_owned()
        } else {
            format!("{} days left", key.days_left)
        };
        println!("  API key: {}  accounts: {accounts}  ({life})", key.key);
    }
    if config.generation != vmdeck_sim::config::Generation::Documented {
        println!("  generation: {}", config.generation.name());
    }
    let f = &config.faults;
    if *f != vmdeck_sim::faults::FaultConfig::default() {
        println!(
            "  faults:  latency {} ms, errors {:.0} %, malformed {:.0} %, dropped {:.0} %",
            f.latency_ms,
            f.error_rate * 100.0,
            f.malformed_rate * 100.0,
            f.drop_rate * 100.0
        );
    }
    for origin in &config.cors_origins {
        println!("  CORS:    {origin}");
    }

    let shutdown = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    if let Err(err) = axum::serve(listener, app).with_graceful_shutdown(shutdown).await {
        eprintln!("vmdeck-sim: {err}");
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

fn accounts_text(accounts: &AccountSet) -> String {
    match accounts {
        AccountSet::Every => "all".to_owned(),
        AccountSet::Listed(ids) => ids.iter().map(u64::to_string).collect::<Vec<_>>().join(","),
    }
}
