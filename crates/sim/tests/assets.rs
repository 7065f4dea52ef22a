//! Serving the built panel (`--dist`): precompressed files chosen by
//! `Accept-Encoding`, content types, cache headers, 404s that are not HTML,
//! and `index.html` only for navigations.

mod common;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use common::{config, Reply};
use http_body_util::BodyExt;
use std::path::PathBuf;
use tower::ServiceExt;
use vmdeck_sim::assets::is_hashed;
use vmdeck_sim::config::Config;

const JS: &str = "/vmdeck-3f2a9c0e1b2d4a5f.js";
const WASM: &str = "/vmdeck-3f2a9c0e1b2d4a5f_bg.wasm";
/// The folder of the split build (scripts/build-wasm.mjs), named after its contents.
const APP: &str = "/app-0123456789abcdef0123456789abcdef";
const NAVIGATION: &str = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

/// A built panel in a temporary folder: each file's content names it, so a
/// reply shows which one was sent. Beside it, a file the server must not reach.
struct Dist {
    root: PathBuf,
    app: axum::Router,
}

impl Dist {
    fn new(name: &str) -> Self {
        let root = std::env::temp_dir().join(format!("vmdeck-sim-assets-{}-{name}", std::process::id()));
        let dist = root.join("dist");
        std::fs::create_dir_all(dist.join("snippets")).unwrap();
        std::fs::create_dir_all(dist.join(&APP[1..])).unwrap();
        std::fs::write(root.join("secret.txt"), "SECRET").unwrap();
        let files = [
            ("index.html", "<!doctype html><title>vmdeck</title>"),
            ("index.html.br", "index.html.br"),
            ("index.html.gz", "index.html.gz"),
            (&JS[1..], "js"),
            (&format!("{}.br", &JS[1..]), "js.br"),
            (&format!("{}.gz", &JS[1..]), "js.gz"),
            (&WASM[1..], "wasm"),
            (&format!("{}.br", &WASM[1..]), "wasm.br"),
            (&format!("{}.gz", &WASM[1..]), "wasm.gz"),
            ("split_charts-0123456789abcdef.wasm", "chunk"),
            ("split_charts-0123456789abcdef.wasm.gz", "chunk.gz"),
            ("main-0123456789abcdef.css", "css"),
            (&format!("{}/boot.js", &APP[1..]), "boot"),
            (&format!("{}/boot.js.br", &APP[1..]), "boot.br"),
            ("config.json", r#"{"api_base_url":"/api"}"#),
        ];
        for (file, content) in files {
            std::fs::write(dist.join(file), content).unwrap();
        }
        let app = vmdeck_sim::app(&Config { dist: Some(dist), ..config(1) });
        Self { root, app }
    }

    async fn call(&self, method: Method, uri: &str, headers: &[(&str, &str)]) -> Reply {
        let mut request = Request::builder().method(method).uri(uri);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = self.app.clone().oneshot(request.body(Body::empty()).unwrap()).await.unwrap();
        let (status, headers) = (response.status(), response.headers().clone());
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        Reply { status, headers, text: String::from_utf8_lossy(&bytes).into_owned() }
    }

    async fn get(&self, uri: &str, headers: &[(&str, &str)]) -> Reply {
        self.call(Method::GET, uri, headers).await
    }
}

impl Drop for Dist {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.root).ok();
    }
}

#[test]
fn hashed_names_are_trunks_content_hashes() {
    for hashed in [
        JS, WASM, "/main-0123456789abcdef.css", "/favicon-0123456789abcdef.svg",
        "/split_charts-0123456789ABCDEF0123.wasm", "/a/b-0123456789abcdef.js.br",
        "/app-0123456789abcdef/vmdeck_bg.wasm", "/app-0123456789abcdef/snippets/x-1/inline0.js",
        // Trunk writes its 64-bit hash without leading zeros: 15 digits one time in 16.
        "/main-c60dcda91fc3eb6.css", "/main-60dcda91fc3e.css",
    ] {
        assert!(is_hashed(hashed), "{hashed}");
    }
    for plain in [
        "/", "/index.html", "/config.json", "/favicon.ico", "/vmdeck.js",
        "/vmdeck-0123456789a.js",                       // 11 hex digits
        "/vmdeck-0123456789abcdeg.js",                  // not hex
        "/vmdeck0123456789abcdef.js",                   // not a part of its own
        "/snippets/vmdeck-0123456789abcdef/inline0.js", // wasm-bindgen's folder, named after the crate
        "/app/0123456789abcdef/boot.js",                // a middle folder
    ] {
        assert!(!is_hashed(plain), "{plain}");
    }
}

#[tokio::test]
async fn the_encoding_follows_accept_encoding() {
    let dist = Dist::new("encoding");
    for (accept, body, encoding) in [
        (Some("br"), "js.br", Some("br")),
        (Some("gzip, deflate, br, zstd"), "js.br", Some("br")),
        (Some("gzip"), "js.gz", Some("gzip")),
        (Some("GZIP"), "js.gz", Some("gzip")),
        (None, "js", None),
        (Some("identity"), "js", None),
        (Some("deflate"), "js", None),
        (Some("br;q=0, gzip"), "js.gz", Some("gzip")),
        (Some("br;q=0"), "js", None),
        (Some("br;q=0, gzip;q=0"), "js", None),
        (Some("br;q=0.1, gzip;q=0.5"), "js.gz", Some("gzip")),
    ] {
        let headers: Vec<_> = accept.map(|a| ("accept-encoding", a)).into_iter().collect();
        let reply = dist.get(JS, &headers).await;
        assert_eq!(reply.status, StatusCode::OK, "{accept:?}");
        assert_eq!(reply.text, body, "{accept:?}");
        assert_eq!(reply.header("content-encoding"), encoding, "{accept:?}");
        assert_eq!(reply.header("content-type"), Some("text/javascript"), "{accept:?}");
        assert_eq!(reply.header("vary"), Some("accept-encoding"), "{accept:?}");
    }
    // A chunk with only a gzip copy: gzip for a client that prefers brotli.
    let chunk = dist.get("/split_charts-0123456789abcdef.wasm", &[("accept-encoding", "br, gzip")]).await;
    assert_eq!((chunk.text.as_str(), chunk.header("content-encoding")), ("chunk.gz", Some("gzip")));
}

#[tokio::test]
async fn content_types_are_the_originals() {
    let dist = Dist::new("types");
    for (uri, accept, content_type) in [
        (WASM, "br", "application/wasm"),
        (WASM, "gzip", "application/wasm"),
        (WASM, "", "application/wasm"),
        ("/split_charts-0123456789abcdef.wasm", "gzip", "application/wasm"),
        (JS, "br", "text/javascript"),
        ("/main-0123456789abcdef.css", "br", "text/css"),
        ("/config.json", "br", "application/json"),
        ("/index.html", "br", "text/html"),
        ("/", "br", "text/html"),
    ] {
        let reply = dist.get(uri, &[("accept-encoding", accept)]).await;
        assert_eq!(reply.status, StatusCode::OK, "{uri} {accept}");
        assert_eq!(reply.header("content-type"), Some(content_type), "{uri} {accept}");
    }
}

#[tokio::test]
async fn hashed_files_are_cached_for_good_and_the_rest_revalidated() {
    let dist = Dist::new("cache");
    let immutable = Some("public, max-age=31536000, immutable");
    let boot = format!("{APP}/boot.js");
    for uri in [JS, WASM, "/main-0123456789abcdef.css", "/split_charts-0123456789abcdef.wasm", &boot] {
        assert_eq!(dist.get(uri, &[("accept-encoding", "br")]).await.header("cache-control"), immutable, "{uri}");
    }
    let in_folder = dist.get(&boot, &[("accept-encoding", "br")]).await;
    assert_eq!((in_folder.text.as_str(), in_folder.header("content-type")), ("boot.br", Some("text/javascript")));
    for uri in ["/", "/index.html", "/config.json", "/vms/42/network", "/vms/0123456789abcdef0123"] {
        let reply = dist.get(uri, &[("accept", NAVIGATION), ("accept-encoding", "br")]).await;
        assert_eq!(reply.status, StatusCode::OK, "{uri}");
        assert_eq!(reply.header("cache-control"), Some("no-cache"), "{uri}");
    }
    // A revalidation keeps the headers of the full answer.
    let first = dist.get(JS, &[("accept-encoding", "br")]).await;
    let etag = first.header("etag").expect("an ETag");
    let again = dist.get(JS, &[("accept-encoding", "br"), ("if-none-match", etag)]).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert_eq!(again.header("cache-control"), immutable);
    assert_eq!(again.header("vary"), Some("accept-encoding"));
}

#[tokio::test]
async fn a_missing_file_is_a_plain_404_never_the_page() {
    let dist = Dist::new("missing");
    for uri in ["/missing.wasm", "/x.js", "/favicon.ico", "/vmdeck-0123456789abcdef.js", "/vms/42/app.css", "/snippets/a.js"] {
        let reply = dist.get(uri, &[("accept", NAVIGATION), ("accept-encoding", "br, gzip")]).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{uri}");
        assert_eq!(reply.header("content-type"), Some("text/plain; charset=utf-8"), "{uri}");
        assert_eq!(reply.header("cache-control"), Some("no-cache"), "{uri}");
        assert_eq!(reply.header("content-encoding"), None, "{uri}");
        assert_eq!(reply.text, "Not found\n", "{uri}");
    }
}

#[tokio::test]
async fn navigations_get_index_html() {
    let dist = Dist::new("navigation");
    for accept in [Some(NAVIGATION), Some("text/html"), Some("*/*"), Some("text/*"), Some("TEXT/HTML;q=0.5"), None] {
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
    let br = dist.get("/vms/42/network", &[("accept", NAVIGATION), ("accept-encoding", "gzip, br")]).await;
    assert_eq!((br.text.as_str(), br.header("content-encoding")), ("index.html.br", Some("br")));
    assert_eq!(br.header("content-type"), Some("text/html"));
    assert_eq!(br.header("vary"), Some("accept-encoding"));
    let gz = dist.get("/vms/42/network", &[("accept", NAVIGATION), ("accept-encoding", "gzip")]).await;
    assert_eq!((gz.text.as_str(), gz.header("content-encoding")), ("index.html.gz", Some("gzip")));

    // A client that does not accept HTML, or a method that is not a read, gets no page.
    for accept in ["application/json", "text/html;q=0, */*", "text/html;q=0.0, application/json", "image/*", ""] {
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
        std::fs::write(pages.join(format!("{page}.html")), format!("<!doctype html><title>{page}</title>")).unwrap();
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
        assert_eq!(vmdeck_sim::assets::page_for(uri.split('?').next().unwrap()), if page == "index" { "/index.html" } else { match page { "login" => "/pages/login.html", "vms" => "/pages/vms.html", _ => "/pages/vm.html" } }, "{uri}");
    }
    // Compressed like any other file.
    let br = dist.get("/vms/42", &[("accept", NAVIGATION), ("accept-encoding", "br")]).await;
    assert_eq!((br.text.as_str(), br.header("content-encoding")), ("vm.br", Some("br")));
    // Not for a request that is not a navigation.
    assert_eq!(dist.get("/vms/42", &[("accept", "application/json")]).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn head_answers_the_headers_of_get() {
    let dist = Dist::new("head");
    let js = dist.call(Method::HEAD, JS, &[("accept-encoding", "br")]).await;
    assert_eq!(js.status, StatusCode::OK);
    assert_eq!(js.header("content-encoding"), Some("br"));
    assert_eq!(js.header("content-type"), Some("text/javascript"));
    assert_eq!(js.header("content-length"), Some("5"), "the length of the .br file");
    assert_eq!(js.header("cache-control"), Some("public, max-age=31536000, immutable"));
    assert_eq!(js.text, "");
    let page = dist.call(Method::HEAD, "/vms/42/network", &[("accept", NAVIGATION)]).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(page.header("content-type"), Some("text/html"));
    assert_eq!(page.text, "");
    let missing = dist.call(Method::HEAD, "/missing.wasm", &[("accept", NAVIGATION)]).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.text, "");
}

#[tokio::test]
async fn paths_cannot_leave_the_folder() {
    let dist = Dist::new("escape");
    for uri in ["/../secret.txt", "/%2e%2e/secret.txt", "/snippets/../../secret.txt", "/..%2fsecret.txt", "/../secret"] {
        let reply = dist.get(uri, &[("accept", NAVIGATION)]).await;
        assert!(!reply.text.contains("SECRET"), "{uri}: {}", reply.text);
    }
    assert_eq!(dist.get("/../secret.txt", &[]).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_api_and_the_fault_switches_are_untouched() {
    let dist = Dist::new("api");
    let html = [("accept", NAVIGATION), ("accept-encoding", "br, gzip")];
    let list = dist.call(Method::GET, "/api/account/1/virtual_machines", &[("authorization", "demo-token")]).await;
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
