//! The shell (header, login, switcher, tray), the list, the create form and the account pages.

crate::catalogue! {
    LANGUAGE = "Language" / "Idioma";
}
