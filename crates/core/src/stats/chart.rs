//! Line charts drawn on any plotters `DrawingBackend`: a canvas in the
//! panel, SVG in the tests. The layout is computed here (no font metrics
//! needed), and the geometry is returned so that a pointer position can be
//! mapped back to the nearest sample.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Colours and size of one drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartTheme {
    pub background: RGBColor,
    pub grid: RGBColor,
    pub text: RGBColor,
    pub series: [RGBColor; 2],
    /// Device pixels per CSS pixel: lines and text grow with it.
    pub scale: f64,
}

impl ChartTheme {
    pub fn light(scale: f64) -> Self {
        Self {
            background: RGBColor(255, 255, 255),
            grid: RGBColor(226, 230, 236),
            text: RGBColor(91, 102, 117),
            series: [RGBColor(47, 111, 237), RGBColor(214, 114, 24)],
            scale,
        }
    }

    pub fn dark(scale: f64) -> Self {
        Self {
            background: RGBColor(22, 29, 38),
            grid: RGBColor(42, 52, 66),
            text: RGBColor(154, 166, 181),
            series: [RGBColor(109, 155, 255), RGBColor(242, 163, 80)],
            scale,
        }
    }
}

/// One line: its name and a value per sample, `None` for a gap.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: String,
    pub values: Vec<Option<f64>>,
}

/// What to draw.
pub struct LineChart {
    pub series: Vec<Series>,
    /// Labels under the x axis, at sample indices.
    pub x_labels: Vec<(usize, String)>,
    /// Writes a value of the y axis ("40 %", "1.5 MB").
    pub y_format: Box<dyn Fn(f64) -> String>,
    /// The top of the y axis never goes above this (100 for percent).
    pub y_cap: Option<f64>,
    /// The unit the y axis is read in (1024³ for GB): its top is a round
    /// number of that unit.
    pub y_divisor: f64,
    /// Shown in the middle when no series has a value.
    pub empty_text: String,
    /// The period in a few words ("average 21 % · peak 63 %"), a line each,
    /// written above the plot.
    pub summary: Vec<String>,
    /// Moments to mark: what the panel did to the VM then.
    pub markers: Vec<Marker>,
}

/// A mark at a sample: a dashed line and its label's first letter on top.
#[derive(Clone, Debug, PartialEq)]
pub struct Marker {
    pub index: usize,
    pub label: String,
}

/// Where the plot landed, in backend pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    pub left: i32,
    pub right: i32,
    pub top: i32,
    pub bottom: i32,
    pub count: usize,
    pub y_max: f64,
}

impl Geometry {
    fn x(&self, index: usize) -> i32 {
        if self.count <= 1 {
            return (self.left + self.right) / 2;
        }
        self.left
            + ((self.right - self.left) as f64 * index as f64 / (self.count - 1) as f64).round()
                as i32
    }

    fn y(&self, value: f64) -> i32 {
        let frac = if self.y_max > 0.0 { (value / self.y_max).clamp(0.0, 1.0) } else { 0.0 };
        self.bottom - ((self.bottom - self.top) as f64 * frac).round() as i32
    }

    /// The sample nearest to a horizontal position, if it is over the plot.
    pub fn index_at(&self, x: f64) -> Option<usize> {
        if self.count == 0 || x < f64::from(self.left) - 4.0 || x > f64::from(self.right) + 4.0 {
            return None;
        }
        if self.count == 1 {
            return Some(0);
        }
        let frac = ((x - f64::from(self.left)) / f64::from((self.right - self.left).max(1)))
            .clamp(0.0, 1.0);
        Some((frac * (self.count - 1) as f64).round() as usize)
    }

    /// Where a sample's marker goes.
    pub fn point(&self, index: usize, value: f64) -> (i32, i32) {
        (self.x(index), self.y(value))
    }
}

/// A round number at or above `value`: 1, 2, 2.5 or 5 times a power of ten.
pub fn nice_ceiling(value: f64) -> f64 {
    if !(value.is_finite() && value > 0.0) {
        return 1.0;
    }
    let magnitude = 10f64.powf(value.log10().floor());
    for step in [1.0, 2.0, 2.5, 5.0, 10.0] {
        if step * magnitude >= value * (1.0 - 1e-9) {
            return step * magnitude;
        }
    }
    10.0 * magnitude
}

/// Draws the chart filling `area`, and answers where the plot is.
pub fn draw<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &LineChart,
    theme: &ChartTheme,
) -> Result<Geometry, DrawingAreaErrorKind<DB::ErrorType>> {
    let s = theme.scale.max(0.5);
    let px = |v: f64| (v * s).round() as i32;
    let (width, height) = area.dim_in_pixel();
    area.fill(&theme.background)?;

    let count = chart.series.iter().map(|series| series.values.len()).max().unwrap_or(0);
    let max = chart
        .series
        .iter()
        .flat_map(|series| series.values.iter().flatten())
        .fold(0.0f64, |m, v| m.max(*v));
    let divisor = if chart.y_divisor > 0.0 { chart.y_divisor } else { 1.0 };
    let mut y_max = nice_ceiling(max * 1.05 / divisor) * divisor;
    if let Some(cap) = chart.y_cap {
        y_max = y_max.min(cap);
    }
    // The summary's lines sit above the plot.
    let summary_lines =
        if chart.series.iter().any(|series| series.values.iter().any(Option::is_some)) {
            chart.summary.len()
        } else {
            0
        };
    let geometry = Geometry {
        left: px(70.0),
        right: width as i32 - px(14.0),
        top: px(12.0 + 16.0 * summary_lines as f64),
        bottom: height as i32 - px(28.0),
        count,
        y_max,
    };
    // Plotters sizes fonts in points: 13.5 pt is about 11 px.
    let font = ("sans-serif", 13.5 * s).into_font().color(&theme.text);

    let any_value = chart.series.iter().any(|series| series.values.iter().any(Option::is_some));
    // Grid and y labels: five lines from zero to the top (no numbers without data).
    for i in 0..=4 {
        let value = y_max * f64::from(i) / 4.0;
        let y = geometry.y(value);
        area.draw(&PathElement::new(
            vec![(geometry.left, y), (geometry.right, y)],
            theme.grid.stroke_width(px(1.0).max(1) as u32),
        ))?;
        if any_value {
            area.draw(&Text::new(
                (chart.y_format)(value),
                (geometry.left - px(8.0), y),
                font.pos(Pos::new(HPos::Right, VPos::Center)),
            ))?;
        }
    }
    // The first and last labels align inwards so that they stay inside. On
    // a narrow chart a label that would run into the one before is left
    // out (the last one, "now", always stays): widths are estimated, as
    // there are no font metrics here.
    let mut placed: Vec<(i32, i32, String, HPos)> = Vec::new();
    for (index, label) in chart.x_labels.iter().filter(|(index, _)| *index < count.max(1)) {
        let x = geometry.x(*index);
        let width = px(6.5 * label.chars().count() as f64);
        let (anchor, start) = match *index {
            0 => (HPos::Left, x),
            i if i + 1 == count => (HPos::Right, x - width),
            _ => (HPos::Center, x - width / 2),
        };
        let last = *index + 1 == count;
        while last && placed.last().is_some_and(|(_, end, _, _)| *end + px(8.0) > start) {
            placed.pop();
        }
        if placed.last().is_none_or(|(_, end, _, _)| *end + px(8.0) <= start) {
            placed.push((x, start + width, label.clone(), anchor));
        }
    }
    for (x, _, label, anchor) in placed {
        area.draw(&Text::new(
            label,
            (x, geometry.bottom + px(8.0)),
            font.pos(Pos::new(anchor, VPos::Top)),
        ))?;
    }

    if !any_value {
        let middle = ((geometry.left + geometry.right) / 2, (geometry.top + geometry.bottom) / 2);
        let big = ("sans-serif", 17.0 * s).into_font().color(&theme.text);
        area.draw(&Text::new(
            chart.empty_text.clone(),
            middle,
            big.pos(Pos::new(HPos::Center, VPos::Center)),
        ))?;
        return Ok(geometry);
    }

    for (i, line) in chart.summary.iter().enumerate() {
        area.draw(&Text::new(
            line.clone(),
            (geometry.left, px(4.0 + 16.0 * i as f64)),
            font.pos(Pos::new(HPos::Left, VPos::Top)),
        ))?;
    }
    // Marks under the lines: dashes from top to bottom, the label's initial on top.
    for marker in chart.markers.iter().filter(|m| m.index < count) {
        let x = geometry.x(marker.index);
        let dash = px(4.0).max(2);
        let mut y = geometry.top + px(14.0);
        while y < geometry.bottom {
            area.draw(&PathElement::new(
                vec![(x, y), (x, (y + dash).min(geometry.bottom))],
                theme.text.stroke_width(px(1.0).max(1) as u32),
            ))?;
            y += dash * 2;
        }
        let initial: String = marker.label.chars().take(1).collect();
        area.draw(&Text::new(
            initial,
            (x, geometry.top),
            font.pos(Pos::new(HPos::Center, VPos::Top)),
        ))?;
    }

    // Each series as runs of consecutive values: a gap breaks the line.
    for (n, series) in chart.series.iter().enumerate() {
        let color = theme.series[n % theme.series.len()];
        let stroke = color.stroke_width(px(2.0).max(1) as u32);
        let mut run: Vec<(i32, i32)> = Vec::new();
        let flush = |run: &mut Vec<(i32, i32)>| -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
            match run.len() {
                0 => {}
                1 => area.draw(&Circle::new(run[0], px(2.0).max(1), color.filled()))?,
                _ => area.draw(&PathElement::new(std::mem::take(run), stroke))?,
            }
            run.clear();
            Ok(())
        };
        for (i, value) in series.values.iter().enumerate() {
            match value {
                Some(v) => run.push(geometry.point(i, *v)),
                None => flush(&mut run)?,
            }
        }
        flush(&mut run)?;
    }
    area.present()?;
    Ok(geometry)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nice_ceilings() {
        assert_eq!(nice_ceiling(0.0), 1.0);
        assert_eq!(nice_ceiling(3.2), 5.0);
        assert_eq!(nice_ceiling(42.0), 50.0);
        assert_eq!(nice_ceiling(100.0), 100.0);
        assert_eq!(nice_ceiling(2.1e9), 2.5e9);
        assert_eq!(nice_ceiling(f64::NAN), 1.0);
    }

    #[test]
    fn pointer_positions_map_back_to_samples() {
        let g = Geometry { left: 100, right: 200, top: 0, bottom: 100, count: 11, y_max: 10.0 };
        assert_eq!(g.index_at(100.0), Some(0));
        assert_eq!(g.index_at(154.0), Some(5));
        assert_eq!(g.index_at(156.0), Some(6));
        assert_eq!(g.index_at(200.0), Some(10));
        assert_eq!(g.index_at(50.0), None);
        assert_eq!(g.point(10, 5.0), (200, 50));
        assert_eq!(g.point(0, 20.0), (100, 0), "values above the axis are clipped to its top");
    }
}
