//! What a form offers of what the API lists (templates, networks), with the
//! deployment's catalogue over it: its names replace the API's, its order
//! comes first, what it hides is left out. Where the API lists nothing (an
//! older generation, or a refusal), the catalogue alone is offered.

use super::Choice;

/// The choices to offer: `from_api` (already in the API's groups and
/// order) with the catalogue's names, order and hidden ids applied; the
/// catalogue itself when the API listed nothing.
pub fn with_catalogue(
    from_api: Option<&[Choice]>,
    catalogue: &[Choice],
    hidden: &[String],
) -> Vec<Choice> {
    let Some(from_api) = from_api else { return catalogue.to_vec() };
    let place = |id: &str| catalogue.iter().position(|c| c.id == id).unwrap_or(usize::MAX);
    let mut offered: Vec<Choice> = from_api
        .iter()
        .filter(|c| !hidden.contains(&c.id))
        .map(|c| match catalogue.iter().find(|named| named.id == c.id) {
            Some(named) => Choice { label: named.label.clone(), ..c.clone() },
            None => c.clone(),
        })
        .collect();
    // A group goes where its first named member is; within a group the
    // named ones come first, in the catalogue's order. The sort is stable,
    // so the API's order stays for the rest.
    let mut groups: Vec<(Option<String>, usize)> = Vec::new();
    for c in &offered {
        match groups.iter_mut().find(|(group, _)| *group == c.group) {
            Some((_, first)) => *first = (*first).min(place(&c.id)),
            None => groups.push((c.group.clone(), place(&c.id))),
        }
    }
    let group_rank = |group: &Option<String>| {
        let at = groups.iter().position(|(g, _)| g == group).unwrap_or(usize::MAX);
        (groups.get(at).map_or(usize::MAX, |(_, first)| *first), at)
    };
    offered.sort_by_key(|c| (group_rank(&c.group), place(&c.id)));
    offered
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choice(id: &str, label: &str, group: Option<&str>) -> Choice {
        Choice { id: id.into(), label: label.into(), group: group.map(str::to_owned) }
    }

    fn api() -> Vec<Choice> {
        vec![
            choice("1", "Debian 12 x64", Some("Debian")),
            choice("5", "Debian 11 x64", Some("Debian")),
            choice("2", "Ubuntu 24.04 x64", Some("Ubuntu")),
            choice("4", "Windows Server 2022", Some("Windows")),
        ]
    }

    #[test]
    fn without_the_apis_list_the_catalogue_is_offered() {
        let catalogue = vec![choice("9", "Gold image", None)];
        assert_eq!(with_catalogue(None, &catalogue, &[]), catalogue);
    }

    #[test]
    fn without_a_catalogue_the_api_is_offered_as_it_lists() {
        assert_eq!(with_catalogue(Some(&api()), &[], &[]), api());
    }

    #[test]
    fn the_catalogue_renames_orders_and_hides() {
        let catalogue =
            vec![choice("4", "Windows (licence included)", None), choice("5", "Debian 11", None)];
        let offered = with_catalogue(Some(&api()), &catalogue, &["2".into()]);
        let shape: Vec<_> = offered.iter().map(|c| (c.id.as_str(), c.label.as_str())).collect();
        assert_eq!(
            shape,
            [("4", "Windows (licence included)"), ("5", "Debian 11"), ("1", "Debian 12 x64")]
        );
        assert_eq!(offered[0].group.as_deref(), Some("Windows"), "the API's group stays");
    }

    #[test]
    fn a_catalogue_entry_the_api_does_not_offer_is_not_offered() {
        let catalogue = vec![choice("77", "Retired", None)];
        assert_eq!(with_catalogue(Some(&api()), &catalogue, &[]), api());
    }
}
