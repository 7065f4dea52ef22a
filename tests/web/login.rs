//! The login page's form and the logins a tab keeps (`Session`).

use crate::dom::{click, container, set_input, text_of};
use leptos::prelude::*;
use leptos::task::tick;
use vmdeck::pages::login::LoginPage;
use vmdeck::session::{Credentials, Session, Token};
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn login_form_shows_field_errors_without_sending() {
    let root = container();
    let _app = leptos::mount::mount_to(root.clone(), || {
        // What the root provides, as the page has it in the app.
        provide_context(Session::restore());
        view! { <leptos_router::components::Router><LoginPage/></leptos_router::components::Router> }
    });
    tick().await;
    // Without a deployment's word, the provider's current ways: an email and password first.
    set_input(&root, "#login-base-url", "ftp://files.example.com");
    set_input(&root, "#login-email", "ana");
    click(&root, "#login-submit");
    tick().await;
    assert!(text_of(&root, "#login-base-url-error").unwrap().contains("https://"));
    assert!(text_of(&root, "#login-email-error").unwrap().contains("name@example.com"));
    assert!(text_of(&root, "#login-password-error").unwrap().contains("password"));
    assert!(root.query_selector("#login-error").unwrap().is_none(), "nothing was sent");
    assert!(
        root.query_selector("#login-way-token").unwrap().is_none(),
        "the oldest way only where a deployment names it"
    );

    set_input(&root, "#login-email", "ana@example.com");
    set_input(&root, "#login-base-url", "/api");
    set_input(&root, "#login-password", "secret");
    click(&root, "#login-submit");
    tick().await;
    assert!(root.query_selector("#login-email-error").unwrap().is_none());
    assert!(root.query_selector("#login-password-error").unwrap().is_none());
}

#[wasm_bindgen_test]
async fn session_keeps_the_token_out_of_local_storage_unless_remembered_and_logout_forgets_it() {
    let storage = |local: bool| {
        let w = web_sys::window().unwrap();
        if local { w.local_storage() } else { w.session_storage() }.unwrap().unwrap()
    };
    let holds_token = |local: bool| {
        storage(local).get_item("vmdeck.session").unwrap().is_some_and(|v| v.contains("s3cret"))
    };
    let owner = Owner::new();
    owner.with(|| {
        let session = Session::restore();
        let credentials =
            Credentials::new("http://h/api".into(), "1".into(), Token::new("s3cret"), false);
        assert!(!format!("{credentials:?}").contains("s3cret"), "Debug hides the token");

        assert!(!session.log_in(credentials.clone()), "nothing else was shown");
        assert!(holds_token(false) && !holds_token(true));
        assert!(session.is_logged_in());

        let remembered = Credentials { remembered: true, ..credentials.clone() };
        assert!(!session.log_in(remembered), "the same login again");
        assert!(holds_token(false) && holds_token(true));
        assert!(Session::restore().is_logged_in(), "a reload restores it");
        assert_eq!(session.accounts().len(), 1);

        // A second account beside it, shown; logging out of it leaves the first.
        let other = Credentials::new("http://h/api".into(), "2".into(), Token::new("other"), false);
        assert!(session.log_in(other.clone()), "another account was shown");
        assert_eq!(
            session.accounts().iter().map(|a| (a.account_id.as_str(), a.shown)).collect::<Vec<_>>(),
            vec![("1", false), ("2", true)]
        );
        assert!(session.log_out(), "account 1 remains");
        assert_eq!(session.credentials().map(|c| c.account_id), Some("1".to_owned()));
        assert!(
            holds_token(false)
                && !storage(false)
                    .get_item("vmdeck.session")
                    .unwrap()
                    .unwrap_or_default()
                    .contains("other")
        );

        // A new token for account 1 takes the old one's place.
        let renewed = Credentials::new(
            "http://h/api".into(),
            "1".into(),
            Token::new("s3cret-renewed"),
            false,
        );
        assert!(!session.log_in(renewed), "the same account");
        assert_eq!(session.accounts().len(), 1);
        assert!(
            !storage(true)
                .get_item("vmdeck.session")
                .unwrap()
                .unwrap_or_default()
                .contains("s3cret"),
            "the old remembered token went"
        );

        session.log_out_all();
        assert!(!holds_token(false) && !holds_token(true));
        assert!(!session.is_logged_in());
        assert!(session.accounts().is_empty());

        let _ = session.log_in(other.clone());
        let _ = session.log_in(credentials.clone());
        // A refusal of the account not shown ends it quietly.
        session.expire(&other.login_id);
        assert!(session.is_logged_in());
        assert_eq!(session.take_notice(), None);
        session.expire(&credentials.login_id);
        assert!(!holds_token(false));
        assert!(session.take_notice().is_some_and(|n| n.contains("expired")));
        assert_eq!(session.take_notice(), None, "the notice is shown once");
    });
}
