//! SVG primitives: a document of rectangles, circles, polygons, lines and
//! text, written with fixed number formatting so that the same drawing is
//! always the same bytes (the committed figures are compared byte for byte).

use std::fmt::Write;

/// An SVG document being drawn; `finish` closes it.
pub struct Svg {
    width: f64,
    height: f64,
    body: String,
}

/// The font of every text: one that librsvg, browsers and TeX's PDF all find.
const FONT: &str = "DejaVu Sans, Verdana, Arial, sans-serif";

/// A number as SVG wants it: at most two decimals, no trailing zeros.
fn num(value: f64) -> String {
    let text = format!("{:.2}", value);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

/// Text made safe inside an element or an attribute.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// How a shape is painted: fill, outline colour and outline width.
#[derive(Clone, Copy)]
pub struct Paint {
    pub fill: &'static str,
    pub stroke: &'static str,
    pub stroke_width: f64,
}

impl Paint {
    pub const fn fill(fill: &'static str) -> Paint {
        Paint {
            fill,
            stroke: "none",
            stroke_width: 0.0,
        }
    }

    fn attributes(&self) -> String {
        if self.stroke == "none" {
            format!("fill=\"{}\"", self.fill)
        } else {
            format!(
                "fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\"",
                self.fill,
                self.stroke,
                num(self.stroke_width)
            )
        }
    }
}

/// Where a text's anchor point is: at its start, middle or end.
#[derive(Clone, Copy)]
pub enum Anchor {
    Start,
    Middle,
}

impl Svg {
    pub fn new(width: f64, height: f64) -> Svg {
        Svg {
            width,
            height,
            body: String::new(),
        }
    }

    pub fn rect(&mut self, x: f64, y: f64, width: f64, height: f64, paint: Paint) {
        let _ = writeln!(
            self.body,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" {}/>",
            num(x),
            num(y),
            num(width),
            num(height),
            paint.attributes()
        );
    }

    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, paint: Paint) {
        let _ = writeln!(
            self.body,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" {}/>",
            num(cx),
            num(cy),
            num(r),
            paint.attributes()
        );
    }

    pub fn polygon(&mut self, points: &[(f64, f64)], paint: Paint) {
        let _ = writeln!(
            self.body,
            "<polygon points=\"{}\" {}/>",
            point_list(points),
            paint.attributes()
        );
    }

    /// An open line through `points`, round at its joints and ends.
    pub fn polyline(&mut self, points: &[(f64, f64)], colour: &str, width: f64) {
        let _ = writeln!(
            self.body,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" \
             stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
            point_list(points),
            colour,
            num(width)
        );
    }

    /// Text whose baseline passes through `(x, y)`.
    pub fn text(&mut self, x: f64, y: f64, size: f64, anchor: Anchor, fill: &str, text: &str) {
        self.styled_text(x, y, size, anchor, fill, "normal", text);
    }

    /// Bold text, as `text`.
    pub fn bold_text(&mut self, x: f64, y: f64, size: f64, anchor: Anchor, fill: &str, text: &str) {
        self.styled_text(x, y, size, anchor, fill, "bold", text);
    }

    #[allow(clippy::too_many_arguments)]
    fn styled_text(
        &mut self,
        x: f64,
        y: f64,
        size: f64,
        anchor: Anchor,
        fill: &str,
        weight: &str,
        text: &str,
    ) {
        let anchor = match anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
        };
        let _ = writeln!(
            self.body,
            "<text x=\"{}\" y=\"{}\" font-family=\"{}\" font-size=\"{}\" font-weight=\"{}\" \
             text-anchor=\"{}\" fill=\"{}\">{}</text>",
            num(x),
            num(y),
            FONT,
            num(size),
            weight,
            anchor,
            fill,
            escape(text)
        );
    }

    /// The whole document, with its size in pixels and a title for readers
    /// that show one (screen readers, a browser's tooltip).
    pub fn finish(self, title: &str) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\">\n<title>{}</title>\n{}</svg>\n",
            escape(title),
            self.body,
            w = num(self.width),
            h = num(self.height),
        )
    }
}

fn point_list(points: &[(f64, f64)]) -> String {
    let pairs: Vec<String> = points
        .iter()
        .map(|&(x, y)| format!("{},{}", num(x), num(y)))
        .collect();
    pairs.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_have_at_most_two_decimals_and_no_trailing_zeros() {
        assert_eq!(num(3.0), "3");
        assert_eq!(num(2.5), "2.5");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(-12.25), "-12.25");
    }

    #[test]
    fn text_is_escaped_and_the_document_is_closed() {
        let mut svg = Svg::new(10.0, 20.0);
        svg.text(1.0, 2.0, 9.0, Anchor::Middle, "#000", "a<b & \"c\"");
        let out = svg.finish("t & u");
        assert!(out.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\""));
        assert!(
            out.contains(">a&lt;b &amp; &quot;c&quot;</text>"),
            "{}",
            out
        );
        assert!(out.contains("<title>t &amp; u</title>"), "{}", out);
        assert!(out.ends_with("</svg>\n"));
    }

    #[test]
    fn shapes_carry_their_paint() {
        let mut svg = Svg::new(10.0, 10.0);
        let outlined = Paint {
            fill: "#fff",
            stroke: "#000",
            stroke_width: 1.5,
        };
        svg.circle(5.0, 5.0, 4.0, outlined);
        svg.rect(0.0, 0.0, 1.0, 1.0, Paint::fill("#abc"));
        svg.polygon(&[(0.0, 0.0), (1.0, 0.5)], Paint::fill("red"));
        let out = svg.finish("");
        assert!(out.contains(
            "<circle cx=\"5\" cy=\"5\" r=\"4\" fill=\"#fff\" stroke=\"#000\" stroke-width=\"1.5\"/>"
        ));
        assert!(out.contains("<rect x=\"0\" y=\"0\" width=\"1\" height=\"1\" fill=\"#abc\"/>"));
        assert!(out.contains("<polygon points=\"0,0 1,0.5\" fill=\"red\"/>"));
    }
}
