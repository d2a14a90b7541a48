//! Writing JSON: one object per line, for `--json` (the judge reads none).

/// A value in a JSON object.
pub enum Json<'a> {
    Str(&'a str),
    /// A number of milliseconds, to a tenth.
    Ms(Option<f64>),
    Int(Option<u64>),
    Bool(Option<bool>),
    Null,
}

/// One JSON object on one line, the fields in the order given.
pub fn object(fields: &[(&str, Json)]) -> String {
    let members: Vec<String> = fields
        .iter()
        .map(|(key, value)| {
            let value = match value {
                Json::Str(s) => string(s),
                Json::Ms(Some(ms)) => format!("{:.1}", ms),
                Json::Int(Some(n)) => n.to_string(),
                Json::Bool(Some(b)) => b.to_string(),
                Json::Ms(None) | Json::Int(None) | Json::Bool(None) | Json::Null => {
                    "null".to_string()
                }
            };
            format!("{}:{}", string(key), value)
        })
        .collect();
    format!("{{{}}}", members.join(","))
}

/// A JSON string literal: quotes, backslashes and control characters escaped.
pub fn string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped() {
        assert_eq!(string("a\"b\\c\nd\u{1}"), r#""a\"b\\c\nd\u0001""#);
        assert_eq!(string("ç–"), "\"ç–\"");
    }

    #[test]
    fn objects_keep_the_order_and_write_null() {
        let line = object(&[
            ("test", Json::Str("01")),
            ("wall_ms", Json::Ms(Some(1.25))),
            ("cpu_ms", Json::Ms(None)),
            ("memory_kib", Json::Int(Some(2048))),
            ("ok", Json::Bool(Some(true))),
            ("sure", Json::Bool(None)),
        ]);
        assert_eq!(
            line,
            r#"{"test":"01","wall_ms":1.2,"cpu_ms":null,"memory_kib":2048,"ok":true,"sure":null}"#
        );
    }
}
