//! Navigations to the served panel (`--dist`): `index.html` or the static
//! page of the address, only for navigations, and the API and the fault
//! switches untouched.

mod common;

use axum::http::{Method, StatusCode};
use common::dist::{Dist, NAVIGATION};

#[tokio::test]
async fn navigations_get_index_html() {
    let dist = Dist::new("navigation");
    for accept in [
        Some(NAVIGATION),
        Some("text/html"),
        Some("*/*"),
        Some("text/*"),
        Some("TEXT/HTML;q=0.5"),
        None,
    ] {
        let headers: Vec<_> = accept.map(|a| ("accept", a)).into_iter().collect();
        for uri in ["/vms/42/network", "/vms/42/", "/login", "/snippets"] {
            let reply = dist.get(uri, &headers).await;
            assert_eq!(reply.status, StatusCode::OK, "{uri} {accept:?}");
            assert_eq!(reply.text, "<!doctype html><title>vmdeck</title>", "{uri} {accept:?}");
            assert_eq!(reply.header("content-type"), Some("text/html"), "{uri} {accept:?}");
            assert_eq!(reply.header("cache-control"), Some("no-cache"), "{uri} {accept:?}");
        }
    }
    // Compressed like any other file.
    let br = dist
        .get("/vms/42/network", &[("accept", NAVIGATION), ("accept-encoding", "gzip, br")])
        .await;
    assert_eq!((br.text.as_str(), br.header("content-encoding")), ("index.html.br", Some("br")));
    assert_eq!(br.header("content-type"), Some("text/html"));
    assert_eq!(br.header("vary"), Some("accept-encoding"));
    let gz =
        dist.get("/vms/42/network", &[("accept", NAVIGATION), ("accept-encoding", "gzip")]).await;
    assert_eq!((gz.text.as_str(), gz.header("content-encoding")), ("index.html.gz", Some("gzip")));

    // A client that does not accept HTML, or a method that is not a read, gets no page.
    for accept in [
        "application/json",
        "text/html;q=0, */*",
        "text/html;q=0.0, application/json",
        "image/*",
        "",
    ] {
        let reply = dist.get("/vms/42/network", &[("accept", accept)]).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{accept:?}");
        assert_eq!(reply.text, "Not found\n", "{accept:?}");
    }
    let post = dist.call(Method::POST, "/vms/42/network", &[("accept", NAVIGATION)]).await;
    assert_ne!(post.status, StatusCode::OK);
    assert!(!post.text.contains("<title>"));
}

#[tokio::test]
async fn navigations_get_the_static_page_of_their_address() {
    let dist = Dist::new("pages");
    let pages = dist.root.join("dist/pages");
    std::fs::create_dir_all(&pages).unwrap();
    for page in ["login", "vms", "vm"] {
        std::fs::write(
            pages.join(format!("{page}.html")),
            format!("<!doctype html><title>{page}</title>"),
        )
        .unwrap();
        std::fs::write(pages.join(format!("{page}.html.br")), format!("{page}.br")).unwrap();
    }
    for (uri, page) in [
        ("/login", "login"),
        ("/login/", "login"),
        ("/login?next=%2Fvms%2F7", "login"),
        ("/vms", "vms"),
        ("/vms?status=online&page=2", "vms"),
        ("/vms/42", "vm"),
        ("/vms/42/", "vm"),
        ("/vms/42/firewall", "vm"),
        ("/vms/12345678901234567890/statistics", "vm"),
        // Not a VM's page: the panel's own page, which draws any.
        ("/vms/new", "index"),
        ("/vms/4x2", "index"),
        ("/vms/42/network/more", "index"),
        ("/", "index"),
        ("/interfaces", "index"),
        ("/portal", "index"),
        ("/loginx", "index"),
    ] {
        let reply = dist.get(uri, &[("accept", NAVIGATION)]).await;
        assert_eq!(reply.status, StatusCode::OK, "{uri}");
        let title = if page == "index" { "vmdeck" } else { page };
        assert_eq!(reply.text, format!("<!doctype html><title>{title}</title>"), "{uri}");
        assert_eq!(reply.header("cache-control"), Some("no-cache"), "{uri}");
        assert_eq!(
            vmdeck_sim::assets::page_for(uri.split('?').next().unwrap()),
            if page == "index" {
                "/index.html"
            } else {
                match page {
                    "login" => "/pages/login.html",
                    "vms" => "/pages/vms.html",
                    _ => "/pages/vm.html",
                }
            },
            "{uri}"
        );
    }
    // Compressed like any other file.
    let br = dist.get("/vms/42", &[("accept", NAVIGATION), ("accept-encoding", "br")]).await;
    assert_eq!((br.text.as_str(), br.header("content-encoding")), ("vm.br", Some("br")));
    // Not for a request that is not a navigation.
    assert_eq!(
        dist.get("/vms/42", &[("accept", "application/json")]).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn the_api_and_the_fault_switches_are_untouched() {
    let dist = Dist::new("api");
    let html = [("accept", NAVIGATION), ("accept-encoding", "br, gzip")];
    let list = dist
        .call(Method::GET, "/api/account/1/virtual_machines", &[("authorization", "demo-token")])
        .await;
    assert_eq!(list.status, StatusCode::OK);
    assert!(list.json().is_array());
    assert_eq!(list.header("cache-control"), None);
    let unknown = dist.get("/api/nope", &html).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert!(unknown.json()["errors"].is_object(), "a JSON 404, not the page: {}", unknown.text);
    let faults = dist.get("/_sim/faults", &html).await;
    assert_eq!(faults.status, StatusCode::OK);
    assert!(faults.json()["error_rate"].is_number());
}
