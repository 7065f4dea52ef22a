//! The keys in the browser's storage that scripts outside the panel read
//! too: the boot script (the login its first API read goes out with) and the
//! static pages' inline script (the theme, the language and the dismissed
//! notices, before the first paint). The panel's list of its keys
//! (`src/storage/`) takes them from here, and the build writes them into
//! those scripts (`crate::boot`), so that the three cannot drift apart.

/// This tab's logins and the one shown; in this browser's storage, the remembered ones.
pub const SESSION: &str = "vmdeck.session";
/// The logouts in this browser: of all logins, and of one each, by login id.
pub const LOGOUT: &str = "vmdeck.logout";
/// The login the boot script's first API read may go out with, and until when.
pub const FIRST_READ: &str = "vmdeck.first_read";
/// The language the user chose, this browser.
pub const LANG: &str = "vmdeck.lang";
/// The theme the user chose, this browser.
pub const THEME: &str = "vmdeck.theme";
/// The provider's notices dismissed in this browser, by their key.
pub const NOTICES_DISMISSED: &str = "vmdeck.notices_dismissed";
