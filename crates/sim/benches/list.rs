//! How long the simulator takes to answer VM list requests on an account of
//! 10,000 VMs, with a filter, a sort and a page: prints figures, asserts nothing.
//!
//! `cargo bench -p vmdeck-sim --bench list`

use axum::body::Body;
use axum::http::Request;
use http_body_util::BodyExt;
use std::time::{Duration, Instant};
use tower::ServiceExt;
use vmdeck_sim::config::Config;

const ROUNDS: usize = 200;

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let seeding = Instant::now();
    let app = vmdeck_sim::app(&Config {
        vms: 10_000,
        accounts: vec![(1, "demo-token".into())],
        ..Config::default()
    });
    println!("seeded 10,000 VMs in {:.0} ms", seeding.elapsed().as_secs_f64() * 1e3);
    let queries = [
        ("page of 50, default order", "offset=0&limit=50"),
        (
            "status filter, sort by label, page 3",
            "status=online&sort=label&order=asc&offset=100&limit=50",
        ),
        (
            "hostname search, sort by memory desc",
            "hostname=web&sort=memory&order=desc&offset=0&limit=50",
        ),
        ("ip filter", "ip_address=203.0.113.7"),
        ("page of 1000, sort by disks_size", "sort=disks_size&offset=0&limit=1000"),
    ];
    println!("{:<40} {:>10} {:>10} {:>10}", "request", "median", "p95", "max");
    for (name, query) in queries {
        let uri = format!("/api/account/1/virtual_machines?{query}");
        let mut times = Vec::with_capacity(ROUNDS);
        for _ in 0..ROUNDS {
            let request = Request::get(&uri)
                .header("Authorization", "demo-token")
                .body(Body::empty())
                .unwrap();
            let start = Instant::now();
            let response = app.clone().oneshot(request).await.unwrap();
            assert_eq!(response.status(), 200, "{uri}");
            let body = response.into_body().collect().await.unwrap().to_bytes();
            times.push(start.elapsed());
            assert!(!body.is_empty());
        }
        times.sort();
        let ms = |d: Duration| format!("{:.2} ms", d.as_secs_f64() * 1e3);
        println!(
            "{name:<40} {:>10} {:>10} {:>10}",
            ms(times[ROUNDS / 2]),
            ms(times[ROUNDS * 95 / 100]),
            ms(times[ROUNDS - 1])
        );
    }
}
