//! The built panel (`--dist`), served as a static host should serve it:
//!
//! - a file is answered with its precompressed sibling when the client's
//!   `Accept-Encoding` allows it (`NAME.br`, else `NAME.gz`, else `NAME`; an
//!   encoding refused with `q=0` is never chosen), with the original's
//!   `Content-Type` and `Vary: Accept-Encoding`;
//! - a file named after its contents ([`is_hashed`]) may be cached for a
//!   year (`immutable`); everything else is `no-cache`;
//! - a missing path is a page of the panel only for a navigation
//!   ([`is_navigation`]), so that a deep link opens the panel: the static page
//!   the build wrote for its address ([`page_for`]: the login form, the VM
//!   list, a VM), else `index.html`; any other miss, e.g. `/missing.wasm`, is
//!   a short `text/plain` 404, never a page that a script loader would choke
//!   on.

use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, request::Parts, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Router;
use std::io;
use std::path::Path;
use tower_http::services::ServeDir;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const NO_CACHE: &str = "no-cache";
const INDEX: &str = "/index.html";

/// The panel's files in `dist`, as a router to use as [`crate::app`]'s fallback.
pub fn router(dist: &Path) -> Router {
    let files = ServeDir::new(dist)
        .precompressed_br()
        .precompressed_gzip()
        .redirect_to_trailing_slash(false);
    Router::new().fallback(move |request: Request| serve(files.clone(), request))
}

async fn serve(mut files: ServeDir, request: Request) -> Response {
    let (parts, _) = request.into_parts();
    let path = parts.uri.path();
    let mut response = file(&mut files, &parts, parts.uri.clone()).await;
    let mut served = path;
    if response.status() == StatusCode::NOT_FOUND
        && is_navigation(&parts.method, &parts.headers, path)
    {
        let page = page_for(path);
        served = page;
        response = file(&mut files, &parts, Uri::from_static(page)).await;
        // A build without the page: the panel's own page, which draws any.
        if response.status() == StatusCode::NOT_FOUND && page != INDEX {
            served = INDEX;
            response = file(&mut files, &parts, Uri::from_static(INDEX)).await;
        }
    }
    if response.status() == StatusCode::NOT_FOUND {
        return not_found(&parts.method);
    }
    let status = response.status();
    let lasting = status.is_success() || status == StatusCode::NOT_MODIFIED;
    let cache = if lasting && is_hashed(served) { IMMUTABLE } else { NO_CACHE };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    // A 304 carries the headers its 200 would have (RFC 9110 §15.4.5).
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    response
}

/// The file at `uri` in the way the request asks for it (method, encodings,
/// conditions, range); a 404 when there is none.
async fn file(files: &mut ServeDir, parts: &Parts, uri: Uri) -> Response {
    let mut request = Request::new(Body::empty());
    *request.method_mut() = parts.method.clone();
    *request.uri_mut() = uri;
    *request.headers_mut() = parts.headers.clone();
    match files.try_call(request).await {
        Ok(response) => response.into_response(),
        Err(e) if matches!(e.kind(), io::ErrorKind::NotFound | io::ErrorKind::NotADirectory) => {
            StatusCode::NOT_FOUND.into_response()
        }
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}

fn not_found(method: &Method) -> Response {
    let body = if method == Method::HEAD { "" } else { "Not found\n" };
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8"), (header::CACHE_CONTROL, NO_CACHE)],
        body,
    )
        .into_response()
}

/// Whether a URL path names a file that never changes, because a new build
/// gives it a new name: its file name carries a content hash, as Trunk
/// writes them (`vmdeck-3f2a9c0e1b2d4a5f_bg.wasm`, `main-….css`,
/// `split_…-<hash>.wasm`), or its top folder's name does
/// (`app-<hash>/vmdeck_bg.wasm`, the folder `scripts/build-wasm.mjs` names
/// after its contents). A hash is a part of 12 or more hex digits between
/// `-`, `_` and `.`: Trunk writes its 64-bit hash without leading zeros, so
/// one name in 16 has 15 digits, one in 4,096 13. Deeper folders do not count: wasm-bindgen's
/// `snippets/<crate>-<hash>/` is named after the crate, not the contents.
pub fn is_hashed(path: &str) -> bool {
    let path = path.trim_start_matches('/');
    let top_folder = path.split_once('/').map_or("", |(top, _)| top);
    [top_folder, last_segment(path)].iter().any(|name| {
        name.split(['-', '_', '.'])
            .any(|part| part.len() >= 12 && part.bytes().all(|b| b.is_ascii_hexdigit()))
    })
}

/// Whether a request for a missing path is a browser opening a page of the
/// panel, which gets `index.html`: a GET or HEAD of a path whose last segment
/// has no extension (`/vms/42/network`, not `/x.js`), from a client that
/// accepts HTML: `text/html`, `text/*` or `*/*` with a q-value above 0 (the
/// most specific range decides), or no `Accept` at all, which RFC 9110
/// §12.5.1 reads as `*/*`. Browsers send `text/html` when they navigate, curl
/// sends `*/*`; `fetch()` asking for `application/json` gets a 404.
pub fn is_navigation(method: &Method, headers: &HeaderMap, path: &str) -> bool {
    (method == Method::GET || method == Method::HEAD)
        && Path::new(last_segment(path)).extension().is_none()
        && accepts_html(headers)
}

/// The page the build wrote for a navigation to `path` (`scripts/first-paint.mjs`),
/// whose first paint is that page's own frame: `/login`, `/vms`, and a VM's
/// page with any of its tabs (`/vms/<id>`, `/vms/<id>/<tab>`); `index.html`
/// for any other. nginx and Caddy choose alike (`deploy/`).
pub fn page_for(path: &str) -> &'static str {
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let is_id = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    match segments.as_slice() {
        ["login"] => "/pages/login.html",
        ["vms"] => "/pages/vms.html",
        ["vms", id] | ["vms", id, _] if is_id(id) => "/pages/vm.html",
        _ => INDEX,
    }
}

fn last_segment(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

fn accepts_html(headers: &HeaderMap) -> bool {
    let mut ranges = headers
        .get_all(header::ACCEPT)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .peekable();
    if ranges.peek().is_none() {
        return true;
    }
    // (specificity, accepted) of the most specific range that covers text/html.
    let mut best: Option<(u8, bool)> = None;
    for range in ranges {
        let mut params = range.split(';');
        let specificity = match params.next().unwrap_or("").trim().to_ascii_lowercase().as_str() {
            "text/html" => 2,
            "text/*" => 1,
            "*/*" => 0,
            _ => continue,
        };
        let refused = params.any(|param| {
            let (name, value) = param.split_once('=').unwrap_or((param, ""));
            name.trim().eq_ignore_ascii_case("q")
                && value.trim().parse::<f32>().is_ok_and(|q| q <= 0.0)
        });
        if best.is_none_or(|(known, _)| specificity > known) {
            best = Some((specificity, !refused));
        }
    }
    best.is_some_and(|(_, accepted)| accepted)
}
