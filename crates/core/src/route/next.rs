//! Where a tab goes next: after a login (`safe_next`), after a switch to
//! another account (`for_another_account`).

use super::{href, Route};

/// Where a tab goes when it shows another account: the same page when it
/// is about no one thing of an account (a list, the create form), else the
/// list. The query stays behind: its filters named the other account's things.
pub fn for_another_account(path: &str) -> String {
    match Route::from_path(path) {
        page @ (Route::VmList
        | Route::VmCreate
        | Route::Interfaces
        | Route::IpAddresses
        | Route::Templates
        | Route::Backups
        | Route::Snapshots
        | Route::Activity
        | Route::Workspace) => page.pattern(),
        _ => None,
    }
    .unwrap_or_else(href::vms)
}

/// Where the panel goes after login: `next` when it is one of the panel's
/// own pages, else `/vms`. Only an address the panel itself would write
/// passes: a single leading `/` (not `//` or `/\`); no backslash, control
/// character, whitespace or `#` anywhere; a path of ASCII letters, digits
/// and `-._~/` whose segments are neither empty (no trailing slash) nor `.`
/// or `..`, leading to a known page other than the login (a VM's id all
/// digits); after a `?`, a query of printable ASCII. So no escape (`%2F`,
/// `%5C`) and no trick of a browser's URL parser can make it leave the site.
/// The panel also checks the result against its own origin with the
/// browser's URL parser before it navigates.
pub fn safe_next(next: Option<&str>) -> String {
    let home = href::vms;
    let Some(next) = next else { return home() };
    let Some(after_slash) = next.strip_prefix('/') else { return home() };
    if after_slash.starts_with(['/', '\\'])
        || next.chars().any(|c| c == '\\' || c == '#' || c.is_control() || c.is_whitespace())
    {
        return home();
    }
    let (path, query) = next.split_once('?').unwrap_or((next, ""));
    let path_ok =
        path.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | '~' | '/'));
    let segments: Vec<&str> = path[1..].split('/').collect();
    let segments_ok = segments.iter().all(|s| !s.is_empty() && *s != "." && *s != "..");
    let query_ok = query.chars().all(|c| c.is_ascii_graphic());
    if !(path_ok && segments_ok && query_ok) {
        return home();
    }
    let known = match Route::from_path(path) {
        Route::Login | Route::Portal | Route::Unknown => false,
        Route::Vm(_) => segments.get(1).is_some_and(|id| crate::validate::is_id(id)),
        _ => true,
    };
    if known {
        next.to_owned()
    } else {
        home()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_panels_own_pages_come_after_login() {
        for bad in [
            "/\\evil.example/login",
            "/%09/evil.example/",
            "/\\/evil.example/",
            "/%5Cevil.example/login",
            "https:x",
            "https://evil.example",
            "//x",
            "///x",
            "/\t/x",
            "/vms\n",
            " /vms",
            "/vms ",
            "/login",
            "/login?next=/vms",
            "/vms/../x",
            "/vms/./42",
            "/vms/abc",
            "/vms/",
            "/vms//42",
            "/",
            "/nowhere",
            "/login",
            "/portal",
            "/vms#top",
            "/vms?q=a b",
            "/vms?q=a\\b",
            "/vms?q=é",
            "/vms/42/\u{a0}",
            "javascript:alert(1)",
            "",
        ] {
            assert_eq!(safe_next(Some(bad)), "/vms", "{bad:?}");
        }
        assert_eq!(safe_next(None), "/vms");
        for good in [
            "/vms",
            "/vms/42/network",
            "/vms/42",
            "/vms/new",
            "/interfaces",
            "/ip-addresses",
            "/vms?q=web&status=online&page=2",
            "/activity",
            "/workspace",
        ] {
            assert_eq!(safe_next(Some(good)), good);
        }
    }

    #[test]
    fn another_account_keeps_a_list_and_leaves_one_accounts_thing() {
        assert_eq!(for_another_account("/interfaces"), "/interfaces");
        assert_eq!(for_another_account("/vms/new"), "/vms/new");
        assert_eq!(for_another_account("/activity?kind=vm"), "/activity");
        assert_eq!(for_another_account("/workspace"), "/workspace");
        assert_eq!(for_another_account("/vms/42/firewall"), "/vms");
        assert_eq!(for_another_account("/vms/42"), "/vms");
        assert_eq!(for_another_account("/login"), "/vms");
        assert_eq!(for_another_account("//evil.example/"), "/vms");
    }
}
