//! A built panel (`--dist`) in a temporary folder, served by the simulator,
//! and the names of its files.

use super::{config, Reply};
use axum::body::Body;
use axum::http::{Method, Request};
use http_body_util::BodyExt;
use std::path::PathBuf;
use tower::ServiceExt;
use vmdeck_sim::config::Config;

pub const JS: &str = "/vmdeck-3f2a9c0e1b2d4a5f.js";
pub const WASM: &str = "/vmdeck-3f2a9c0e1b2d4a5f_bg.wasm";
/// The folder of the split build (scripts/build-wasm.mjs), named after its contents.
pub const APP: &str = "/app-0123456789abcdef0123456789abcdef";
pub const NAVIGATION: &str = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

/// A built panel in a temporary folder: each file's content names it, so a
/// reply shows which one was sent. Beside it, a file the server must not reach.
pub struct Dist {
    pub root: PathBuf,
    app: axum::Router,
}

impl Dist {
    pub fn new(name: &str) -> Self {
        let root =
            std::env::temp_dir().join(format!("vmdeck-sim-assets-{}-{name}", std::process::id()));
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

    pub async fn call(&self, method: Method, uri: &str, headers: &[(&str, &str)]) -> Reply {
        let mut request = Request::builder().method(method).uri(uri);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response =
            self.app.clone().oneshot(request.body(Body::empty()).unwrap()).await.unwrap();
        let (status, headers) = (response.status(), response.headers().clone());
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        Reply { status, headers, text: String::from_utf8_lossy(&bytes).into_owned() }
    }

    pub async fn get(&self, uri: &str, headers: &[(&str, &str)]) -> Reply {
        self.call(Method::GET, uri, headers).await
    }
}

impl Drop for Dist {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.root).ok();
    }
}
