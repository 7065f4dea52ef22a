//! The provider's brand from `config.json`: the product's name, a logo on
//! the panel's own origin, the primary and accent colours (turned into the
//! theme's custom properties for both the light and the dark theme, with
//! their contrast checked) and where to get support. A value that cannot be
//! used is left out with a warning saying why, never a broken page.

use serde_json::Value;

/// The name when the deployment gives none.
pub const DEFAULT_NAME: &str = "vmdeck";
/// The longest name that still fits the header.
const MAX_NAME: usize = 40;
/// WCAG AA for text, and for graphics such as the brand mark.
const TEXT_CONTRAST: f64 = 4.5;
const GRAPHIC_CONTRAST: f64 = 3.0;

/// Colours of the two themes the brand's are checked against (style/main.css).
const WHITE: Rgb = Rgb(0xff, 0xff, 0xff);
const BLACK: Rgb = Rgb(0, 0, 0);
const DARK_BG: Rgb = Rgb(0x0f, 0x14, 0x1b);
const DARK_SURFACE: Rgb = Rgb(0x16, 0x1d, 0x26);
const DARK_TEXT_ON_ACCENT: Rgb = Rgb(0x0b, 0x12, 0x20);

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#rgb` or `#rrggbb`.
    pub fn parse(text: &str) -> Option<Rgb> {
        let hex = text.trim().strip_prefix('#')?;
        if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let digit = |i: usize| u8::from_str_radix(hex.get(i..i + 1)?, 16).ok();
        let pair = |i: usize| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok();
        match hex.len() {
            3 => Some(Rgb(digit(0)? * 17, digit(1)? * 17, digit(2)? * 17)),
            6 => Some(Rgb(pair(0)?, pair(2)?, pair(4)?)),
            _ => None,
        }
    }

    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// WCAG's relative luminance.
    fn luminance(self) -> f64 {
        let channel = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.040_45 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(self.0) + 0.7152 * channel(self.1) + 0.0722 * channel(self.2)
    }

    /// `share` of `other` mixed in (0: this colour, 1: `other`).
    fn mix(self, other: Rgb, share: f64) -> Rgb {
        let blend = |a: u8, b: u8| {
            (f64::from(a) + (f64::from(b) - f64::from(a)) * share.clamp(0.0, 1.0)).round() as u8
        };
        Rgb(blend(self.0, other.0), blend(self.1, other.1), blend(self.2, other.2))
    }
}

/// WCAG's contrast ratio, from 1 to 21.
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (a.luminance(), b.luminance());
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The lightest mix of `colour` with white that reads on every one of
/// `backgrounds`; none if even white does not.
fn lightened_until(colour: Rgb, backgrounds: &[Rgb], needed: f64) -> Option<Rgb> {
    (0..=20)
        .map(|step| colour.mix(WHITE, f64::from(step) * 0.05))
        .find(|c| backgrounds.iter().all(|bg| contrast(*c, *bg) >= needed))
}

/// Where customers get help.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Support {
    Web(String),
    Email(String),
}

impl Support {
    fn parse(text: &str) -> Result<Support, String> {
        let text = text.trim();
        if let Some(address) = crate::deploy::web_address(text) {
            return Ok(Support::Web(address));
        }
        let plain = !text.is_empty()
            && text.len() <= 200
            && !text.chars().any(|c| c.is_whitespace() || c.is_control() || "\"'<>`\\".contains(c));
        let address = text.strip_prefix("mailto:").unwrap_or(text);
        if plain {
            if let Some((user, domain)) = address.split_once('@') {
                if !user.is_empty()
                    && domain.contains('.')
                    && !domain.starts_with('.')
                    && !domain.ends_with('.')
                    && !domain.contains('@')
                {
                    return Ok(Support::Email(address.to_owned()));
                }
            }
        }
        Err(format!("config.json: brand.support “{text}” is neither an https:// address nor an e-mail address; no support link is shown."))
    }

    pub fn href(&self) -> String {
        match self {
            Support::Web(url) => url.clone(),
            Support::Email(address) => format!("mailto:{address}"),
        }
    }

    /// What the link says: the address for an e-mail, "Support" for a site.
    pub fn label(&self) -> String {
        match self {
            Support::Web(_) => crate::i18n::common::SUPPORT.get().to_owned(),
            Support::Email(address) => address.clone(),
        }
    }
}

/// The theme's accent colours for one scheme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    pub accent: Rgb,
    pub accent_strong: Rgb,
    pub accent_text: Rgb,
    pub accent_soft: Rgb,
    pub focus: Rgb,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Brand {
    pub name: String,
    /// A path on the panel's own origin, e.g. `/brand/logo.svg`.
    pub logo: Option<String>,
    /// The primary colour's palettes, light and dark.
    pub primary: Option<(Palette, Palette)>,
    /// The accent colour (the brand mark), light and dark.
    pub accent: Option<(Rgb, Rgb)>,
    pub support: Option<Support>,
}

impl Default for Brand {
    fn default() -> Self {
        Brand {
            name: DEFAULT_NAME.to_owned(),
            logo: None,
            primary: None,
            accent: None,
            support: None,
        }
    }
}

impl Brand {
    /// Reads `brand`; each value that cannot be used is left out, and
    /// `warnings` says which and why.
    pub fn from_json(value: Option<&Value>, warnings: &mut Vec<String>) -> Brand {
        let mut brand = Brand::default();
        let Some(value) = value.filter(|v| !v.is_null()) else { return brand };
        let Some(map) = value.as_object() else {
            warnings.push(
                "config.json: brand must be an object; the default brand is used.".to_owned(),
            );
            return brand;
        };
        let text = |key: &str, warnings: &mut Vec<String>| match map.get(key) {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => Some(s.trim().to_owned()),
            Some(_) => {
                warnings.push(format!("config.json: brand.{key} must be text; it is ignored."));
                None
            }
        };
        if let Some(name) = text("name", warnings) {
            let count = name.chars().count();
            if count == 0 || count > MAX_NAME || name.chars().any(char::is_control) {
                warnings.push(format!("config.json: brand.name must be 1 to {MAX_NAME} characters; “{DEFAULT_NAME}” is used."));
            } else {
                brand.name = name;
            }
        }
        if let Some(logo) = text("logo", warnings) {
            match check_logo(&logo) {
                Ok(()) => brand.logo = Some(logo),
                Err(why) => warnings
                    .push(format!("config.json: brand.logo “{logo}” {why}; no logo is shown.")),
            }
        }
        if let Some(primary) = text("primary_color", warnings) {
            match primary_palettes(&primary) {
                Ok(palettes) => brand.primary = Some(palettes),
                Err(why) => warnings.push(format!("config.json: brand.primary_color “{primary}” {why}; the default colours are used.")),
            }
        }
        if let Some(accent) = text("accent_color", warnings) {
            match accent_colours(&accent) {
                Ok(colours) => brand.accent = Some(colours),
                Err(why) => warnings.push(format!(
                    "config.json: brand.accent_color “{accent}” {why}; the default colour is used."
                )),
            }
        }
        if let Some(support) = text("support", warnings) {
            match Support::parse(&support) {
                Ok(support) => brand.support = Some(support),
                Err(warning) => warnings.push(warning),
            }
        }
        brand
    }

    /// The custom properties that put the brand's colours in both themes,
    /// as `light-dark()` pairs.
    pub fn css_properties(&self) -> Vec<(&'static str, String)> {
        let pair = |light: Rgb, dark: Rgb| format!("light-dark({}, {})", light.hex(), dark.hex());
        let mut out = Vec::new();
        if let Some((light, dark)) = &self.primary {
            out.push(("--accent", pair(light.accent, dark.accent)));
            out.push(("--accent-strong", pair(light.accent_strong, dark.accent_strong)));
            out.push(("--accent-text", pair(light.accent_text, dark.accent_text)));
            out.push(("--accent-soft", pair(light.accent_soft, dark.accent_soft)));
            out.push(("--info-bg", pair(light.accent_soft, dark.accent_soft)));
            out.push(("--focus", pair(light.focus, dark.focus)));
        }
        if let Some((light, dark)) = self.accent {
            out.push(("--brand-mark", pair(light, dark)));
        }
        out
    }
}

/// Why a logo cannot be used, if it cannot: only an SVG or PNG file on the
/// panel's own origin, which the Content-Security-Policy allows.
fn check_logo(logo: &str) -> Result<(), &'static str> {
    if !logo.starts_with('/') || logo.starts_with("//") || logo.contains('\\') {
        return Err("is not a path on the panel's own origin (it must start with a single /)");
    }
    if logo.len() > 200
        || logo.split('/').any(|part| part == "..")
        || logo.chars().any(|c| c.is_whitespace() || c.is_control() || "\"'<>`?#%".contains(c))
    {
        return Err("is not a plain path");
    }
    let lower = logo.to_ascii_lowercase();
    if !(lower.ends_with(".svg") || lower.ends_with(".png")) {
        return Err("is neither an .svg nor a .png file");
    }
    Ok(())
}

/// The primary colour in both themes: as given in the light theme, where
/// white text sits on it and it sits on white; lightened in the dark theme
/// until it reads on the dark background and dark text reads on it.
fn primary_palettes(text: &str) -> Result<(Palette, Palette), String> {
    let colour = Rgb::parse(text).ok_or("is not a colour like #1f6feb")?;
    let on_white = contrast(colour, WHITE);
    if on_white < TEXT_CONTRAST {
        return Err(format!("is too light for white text (contrast {on_white:.1}:1, at least {TEXT_CONTRAST}:1 is needed)"));
    }
    let light = Palette {
        accent: colour,
        accent_strong: colour.mix(BLACK, 0.2),
        accent_text: WHITE,
        accent_soft: colour.mix(WHITE, 0.88),
        focus: colour,
    };
    let dark_accent =
        lightened_until(colour, &[DARK_BG, DARK_SURFACE, DARK_TEXT_ON_ACCENT], TEXT_CONTRAST)
            .ok_or("cannot be made readable in the dark theme")?;
    let dark_strong =
        lightened_until(dark_accent.mix(WHITE, 0.25), &[DARK_BG, DARK_SURFACE], TEXT_CONTRAST)
            .unwrap_or(WHITE);
    let dark = Palette {
        accent: dark_accent,
        accent_strong: dark_strong,
        accent_text: DARK_TEXT_ON_ACCENT,
        accent_soft: colour.mix(DARK_SURFACE, 0.8),
        focus: dark_strong,
    };
    Ok((light, dark))
}

/// The accent colour (a graphic: the brand mark) in both themes.
fn accent_colours(text: &str) -> Result<(Rgb, Rgb), String> {
    let colour = Rgb::parse(text).ok_or("is not a colour like #f59e0b")?;
    let on_white = contrast(colour, WHITE);
    if on_white < GRAPHIC_CONTRAST {
        return Err(format!("is too light to see on white (contrast {on_white:.1}:1, at least {GRAPHIC_CONTRAST}:1 is needed)"));
    }
    let dark = lightened_until(colour, &[DARK_BG], GRAPHIC_CONTRAST)
        .ok_or("cannot be made visible in the dark theme")?;
    Ok((colour, dark))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(brand: Value) -> (Brand, Vec<String>) {
        let mut warnings = Vec::new();
        let brand = Brand::from_json(Some(&brand), &mut warnings);
        (brand, warnings)
    }

    #[test]
    fn colours_parse_and_contrast_as_wcag_says() {
        assert_eq!(Rgb::parse("#1F6FEB"), Some(Rgb(0x1f, 0x6f, 0xeb)));
        assert_eq!(Rgb::parse(" #abc "), Some(Rgb(0xaa, 0xbb, 0xcc)));
        for bad in ["", "#", "1f6feb", "#1f6fe", "#gg0000", "red", "#1f6feb00", "#ééé"] {
            assert_eq!(Rgb::parse(bad), None, "{bad}");
        }
        assert!((contrast(BLACK, WHITE) - 21.0).abs() < 1e-9);
        assert!((contrast(WHITE, WHITE) - 1.0).abs() < 1e-9);
        // The default accent against white, computed apart from this code: 4.55.
        assert!((contrast(Rgb(0x2f, 0x6f, 0xed), WHITE) - 4.548).abs() < 0.001);
    }

    #[test]
    fn a_full_brand_is_read_and_its_colours_hold_in_both_themes() {
        let (brand, warnings) = read(json!({
            "name": "  Nube Hosting ",
            "logo": "/brand/logo.svg",
            "primary_color": "#0b5d3b",
            "accent_color": "#c2410c",
            "support": "mailto:ayuda@nube.example"
        }));
        assert_eq!(warnings, Vec::<String>::new());
        assert_eq!(brand.name, "Nube Hosting");
        assert_eq!(brand.logo.as_deref(), Some("/brand/logo.svg"));
        assert_eq!(brand.support, Some(Support::Email("ayuda@nube.example".into())));
        let (light, dark) = brand.primary.unwrap();
        assert_eq!(light.accent, Rgb(0x0b, 0x5d, 0x3b));
        assert!(
            contrast(light.accent, WHITE) >= 4.5 && contrast(light.accent_strong, WHITE) >= 4.5
        );
        for bg in [DARK_BG, DARK_SURFACE] {
            assert!(contrast(dark.accent, bg) >= 4.5 && contrast(dark.accent_strong, bg) >= 4.5);
        }
        assert!(
            contrast(dark.accent, dark.accent_text) >= 4.5,
            "dark text on the dark theme's buttons"
        );
        let properties = brand.css_properties();
        assert!(properties
            .contains(&("--accent", format!("light-dark(#0b5d3b, {})", dark.accent.hex()))));
        assert!(properties.iter().any(|(name, _)| *name == "--brand-mark"));
    }

    #[test]
    fn every_bad_value_is_refused_with_a_clear_message() {
        let cases = [
            (json!({"name": ""}), "brand.name must be 1 to 40 characters"),
            (json!({"name": "x".repeat(41)}), "brand.name must be 1 to 40 characters"),
            (json!({"name": 7}), "brand.name must be text"),
            (
                json!({"logo": "https://evil.example/logo.svg"}),
                "is not a path on the panel's own origin",
            ),
            (json!({"logo": "//evil.example/logo.svg"}), "is not a path on the panel's own origin"),
            (json!({"logo": "/brand/../../etc/logo.svg"}), "is not a plain path"),
            (json!({"logo": "/brand/logo.gif"}), "is neither an .svg nor a .png file"),
            (json!({"logo": "javascript:alert(1)"}), "is not a path on the panel's own origin"),
            (json!({"primary_color": "blue"}), "is not a colour like #1f6feb"),
            (
                json!({"primary_color": "#ffd700"}),
                "is too light for white text (contrast 1.4:1, at least 4.5:1 is needed)",
            ),
            (json!({"accent_color": "#fafafa"}), "is too light to see on white"),
            (json!({"accent_color": "#12"}), "is not a colour like #f59e0b"),
            (
                json!({"support": "call us"}),
                "brand.support “call us” is neither an https:// address nor an e-mail address",
            ),
            (
                json!({"support": "javascript:alert(1)"}),
                "is neither an https:// address nor an e-mail address",
            ),
            (json!({"support": "http://help.example"}), "is neither an https:// address"),
            (json!("Nube"), "brand must be an object"),
        ];
        for (value, expected) in cases {
            let (brand, warnings) = read(value.clone());
            assert_eq!(warnings.len(), 1, "{value}: {warnings:?}");
            assert!(warnings[0].contains(expected), "{value}: {}", warnings[0]);
            assert!(warnings[0].starts_with("config.json: "), "{}", warnings[0]);
            // What was refused is left at its default.
            assert_eq!(brand, Brand::default(), "{value}");
        }
    }

    #[test]
    fn support_is_a_site_or_an_address() {
        let (brand, _) = read(json!({"support": "https://help.nube.example/tickets"}));
        let support = brand.support.unwrap();
        assert_eq!(
            (support.href(), support.label()),
            ("https://help.nube.example/tickets".into(), "Support".into())
        );
        let (brand, _) = read(json!({"support": "help@nube.example"}));
        assert_eq!(brand.support.unwrap().href(), "mailto:help@nube.example");
        assert_eq!(read(json!(null)).0, Brand::default());
    }
}
