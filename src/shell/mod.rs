//! What surrounds every page: the theme, the document's title, keyboard
//! shortcuts and the switcher, the header's account menu, the provider's
//! brand, notice and links.

pub mod account_menu;
pub mod brand;
pub mod provider;
pub mod shortcuts;
pub mod theme;
pub mod title;
