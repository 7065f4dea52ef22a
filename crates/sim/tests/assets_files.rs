//! Serving the built panel's files (`--dist`): hashed names, precompressed
//! files chosen by `Accept-Encoding`, content types, cache headers, HEAD,
//! 404s that are not HTML, and paths kept inside the folder.

mod common;

use axum::http::{Method, StatusCode};
use common::dist::{Dist, APP, JS, NAVIGATION, WASM};
use vmdeck_sim::assets::is_hashed;

#[test]
fn hashed_names_are_trunks_content_hashes() {
    for hashed in [
        JS,
        WASM,
        "/main-0123456789abcdef.css",
        "/favicon-0123456789abcdef.svg",
        "/split_charts-0123456789ABCDEF0123.wasm",
        "/a/b-0123456789abcdef.js.br",
        "/app-0123456789abcdef/vmdeck_bg.wasm",
        "/app-0123456789abcdef/snippets/x-1/inline0.js",
        // Trunk writes its 64-bit hash without leading zeros: 15 digits one time in 16.
        "/main-c60dcda91fc3eb6.css",
        "/main-60dcda91fc3e.css",
    ] {
        assert!(is_hashed(hashed), "{hashed}");
    }
    for plain in [
        "/",
        "/index.html",
        "/config.json",
        "/favicon.ico",
        "/vmdeck.js",
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
    let chunk =
        dist.get("/split_charts-0123456789abcdef.wasm", &[("accept-encoding", "br, gzip")]).await;
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
    for uri in
        [JS, WASM, "/main-0123456789abcdef.css", "/split_charts-0123456789abcdef.wasm", &boot]
    {
        assert_eq!(
            dist.get(uri, &[("accept-encoding", "br")]).await.header("cache-control"),
            immutable,
            "{uri}"
        );
    }
    let in_folder = dist.get(&boot, &[("accept-encoding", "br")]).await;
    assert_eq!(
        (in_folder.text.as_str(), in_folder.header("content-type")),
        ("boot.br", Some("text/javascript"))
    );
    for uri in ["/", "/index.html", "/config.json", "/vms/42/network", "/vms/0123456789abcdef0123"]
    {
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
    for uri in [
        "/missing.wasm",
        "/x.js",
        "/favicon.ico",
        "/vmdeck-0123456789abcdef.js",
        "/vms/42/app.css",
        "/snippets/a.js",
    ] {
        let reply = dist.get(uri, &[("accept", NAVIGATION), ("accept-encoding", "br, gzip")]).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{uri}");
        assert_eq!(reply.header("content-type"), Some("text/plain; charset=utf-8"), "{uri}");
        assert_eq!(reply.header("cache-control"), Some("no-cache"), "{uri}");
        assert_eq!(reply.header("content-encoding"), None, "{uri}");
        assert_eq!(reply.text, "Not found\n", "{uri}");
    }
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
    for uri in [
        "/../secret.txt",
        "/%2e%2e/secret.txt",
        "/snippets/../../secret.txt",
        "/..%2fsecret.txt",
        "/../secret",
    ] {
        let reply = dist.get(uri, &[("accept", NAVIGATION)]).await;
        assert!(!reply.text.contains("SECRET"), "{uri}: {}", reply.text);
    }
    assert_eq!(dist.get("/../secret.txt", &[]).await.status, StatusCode::NOT_FOUND);
}
