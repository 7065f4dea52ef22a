//! Authentication, the VM list (filters, sort, paging), getting one VM, and
//! serving the panel: spec sections "Authentication", "List VMs", "Get VM".

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;
use vmdeck_sim::config::Config;

fn config(vms: usize) -> Config {
    Config {
        accounts: vec![(1, "demo-token".into()), (2, "other-token".into())],
        vms,
        ..Config::default()
    }
}

struct Reply {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    text: String,
}

impl Reply {
    fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("{e}: {}", self.text))
    }
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
}

async fn call(app: &axum::Router, uri: &str, token: Option<&str>) -> Reply {
    let mut request = Request::get(uri);
    if let Some(token) = token {
        request = request.header("Authorization", token);
    }
    let response = app.clone().oneshot(request.body(Body::empty()).unwrap()).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    Reply { status, headers, text: String::from_utf8_lossy(&bytes).into_owned() }
}

#[tokio::test]
async fn the_token_opens_only_its_own_account() {
    let app = vmdeck_sim::app(&config(3));
    let path = "/api/account/1/virtual_machines";
    assert_eq!(call(&app, path, None).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(call(&app, path, Some("wrong")).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(call(&app, path, Some("other-token")).await.status, StatusCode::FORBIDDEN);
    assert_eq!(
        call(&app, "/api/account/99/virtual_machines", Some("demo-token")).await.status,
        StatusCode::FORBIDDEN
    );
    let ok = call(&app, path, Some("demo-token")).await;
    assert_eq!(ok.status, StatusCode::OK);
    let refused = call(&app, path, Some("wrong")).await.json();
    assert!(refused["errors"]["base"][0].is_string(), "OnApp error shape: {refused}");
}

#[tokio::test]
async fn list_and_get_in_the_spec_shape() {
    let app = vmdeck_sim::app(&config(5));
    let list = call(&app, "/api/account/1/virtual_machines", Some("demo-token")).await;
    assert_eq!(list.header("x-total"), Some("5"));
    let items = list.json();
    let items = items.as_array().expect("a bare array");
    assert_eq!(items.len(), 5);
    let vm = &items[0];
    assert!(vm["id"].is_string(), "ids are digit strings");
    assert!(vm["locked"].is_u64() && vm["suspended"].is_u64() && vm["cdrom"].is_u64(), "0/1 flags");
    assert!(vm["vip"].is_boolean());
    for field in [
        "label",
        "memory",
        "cpus",
        "cpu_shares",
        "hostname",
        "template_id",
        "initial_password",
        "note",
        "hypervisor_id",
        "type",
        "status",
        "strict_virtual_machine_id",
        "operating_system",
        "operating_system_distro",
        "created_at",
        "updated_at",
        "boot_type",
        "location_id",
    ] {
        assert!(vm.get(field).is_some(), "{field} missing");
    }
    let created = vm["created_at"].as_str().unwrap();
    assert_eq!(created.len(), 19, "ISO 8601 without zone: {created}");

    let id = vm["id"].as_str().unwrap();
    let one = call(&app, &format!("/api/account/1/virtual_machine/{id}"), Some("demo-token")).await;
    assert_eq!(one.status, StatusCode::OK);
    assert_eq!(one.json()["hostname"], vm["hostname"]);

    // Account 2's VMs are not reachable through account 1.
    let other_list =
        call(&app, "/api/account/2/virtual_machines", Some("other-token")).await.json();
    let other_id = other_list[0]["id"].as_str().unwrap().to_owned();
    let cross =
        call(&app, &format!("/api/account/1/virtual_machine/{other_id}"), Some("demo-token")).await;
    assert_eq!(cross.status, StatusCode::NOT_FOUND);
    let missing = call(&app, "/api/account/1/virtual_machine/abc", Some("demo-token")).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn paging_sorting_and_filters() {
    let app = vmdeck_sim::app(&config(120));
    let page =
        call(&app, "/api/account/1/virtual_machines?offset=100&limit=50", Some("demo-token")).await;
    assert_eq!(page.json().as_array().unwrap().len(), 20);
    assert_eq!(page.header("x-total"), Some("120"));
    assert_eq!(page.header("x-total-pages"), Some("3"));
    assert_eq!(page.header("x-page"), Some("3"));
    assert_eq!(page.header("x-per-page"), Some("50"));

    let sorted =
        call(&app, "/api/account/1/virtual_machines?sort=memory&order=desc", Some("demo-token"))
            .await
            .json();
    let memory: Vec<u64> =
        sorted.as_array().unwrap().iter().map(|vm| vm["memory"].as_u64().unwrap()).collect();
    assert!(memory.windows(2).all(|w| w[0] >= w[1]), "{memory:?}");

    let online =
        call(&app, "/api/account/1/virtual_machines?status=online", Some("demo-token")).await;
    let online_items = online.json();
    assert!(!online_items.as_array().unwrap().is_empty());
    assert!(online_items.as_array().unwrap().iter().all(|vm| vm["status"] == "online"));

    let by_host =
        call(&app, "/api/account/1/virtual_machines?hostname=WEB", Some("demo-token")).await.json();
    assert!(by_host
        .as_array()
        .unwrap()
        .iter()
        .all(|vm| vm["hostname"].as_str().unwrap().contains("web")));

    for bad in ["sort=nope", "order=up", "limit=0", "limit=x", "offset=-1", "locked=maybe"] {
        let r =
            call(&app, &format!("/api/account/1/virtual_machines?{bad}"), Some("demo-token")).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
        assert!(r.json()["errors"].is_object(), "{bad}");
    }
}

/// The panel puts a tag's few VMs in order itself (`vmdeck_core::vm::sort`):
/// for every sort field and direction, its order is the simulator's.
#[tokio::test]
async fn the_panels_own_order_is_the_simulators() {
    use vmdeck_core::vm::sort::{sort_vms, Order, SORT_FIELDS};
    use vmdeck_core::Vm;
    let app = vmdeck_sim::app(&config(120));
    let read = |json: Value| Vm::list_from_json(&json).unwrap().0;
    let ids =
        |vms: &[Vm]| vms.iter().map(|vm| vm.id.clone().unwrap_or_default()).collect::<Vec<_>>();
    let unsorted =
        read(call(&app, "/api/account/1/virtual_machines", Some("demo-token")).await.json());
    let fields = SORT_FIELDS.iter().map(|(field, _)| Some(*field)).chain([None]);
    for (field, order) in fields.flat_map(|field| [(field, Order::Asc), (field, Order::Desc)]) {
        let query =
            field.map(|f| format!("?sort={f}&order={}", order.as_str())).unwrap_or_default();
        if field.is_none() && order == Order::Desc {
            continue; // no direction without a field
        }
        let by_api = read(
            call(&app, &format!("/api/account/1/virtual_machines{query}"), Some("demo-token"))
                .await
                .json(),
        );
        let mut by_panel = unsorted.clone();
        by_panel.reverse(); // from another order than the API's
        sort_vms(&mut by_panel, field, order);
        assert_eq!(ids(&by_panel), ids(&by_api), "{query}");
    }
}

#[tokio::test]
async fn the_panel_is_served_with_a_deep_link_fallback() {
    let dist = std::env::temp_dir().join(format!("vmdeck-sim-dist-{}", std::process::id()));
    std::fs::create_dir_all(&dist).unwrap();
    std::fs::write(dist.join("index.html"), "<!doctype html><title>vmdeck</title>").unwrap();
    std::fs::write(dist.join("app.js"), "console.log(1)").unwrap();
    let app = vmdeck_sim::app(&Config { dist: Some(dist.clone()), ..config(1) });

    let deep = call(&app, "/vms/1001/network", None).await;
    assert_eq!(deep.status, StatusCode::OK);
    assert!(deep.text.contains("<title>vmdeck</title>"));
    assert_eq!(call(&app, "/app.js", None).await.text, "console.log(1)");
    // An unknown API path is a JSON 404, never the panel's page.
    let api = call(&app, "/api/nope", Some("demo-token")).await;
    assert_eq!(api.status, StatusCode::NOT_FOUND);
    assert!(api.json()["errors"].is_object());
    std::fs::remove_dir_all(dist).ok();
}
