//! A tiny JSON reader for the judge's `--json` lines: one flat object per
//! line, whose values are strings, numbers, booleans or null; every value comes back as
//! text (null as `null`, a string unescaped).

use std::collections::HashMap;

pub fn parse_json_lines(text: &str) -> Vec<HashMap<String, String>> {
    text.lines().map(parse_json_object).collect()
}

pub fn parse_json_object(line: &str) -> HashMap<String, String> {
    let mut chars = line.chars().peekable();
    let mut object = HashMap::new();
    assert_eq!(chars.next(), Some('{'), "{}", line);
    loop {
        let key = json_string(&mut chars);
        assert_eq!(chars.next(), Some(':'), "{}", line);
        let value = if chars.peek() == Some(&'"') {
            json_string(&mut chars)
        } else {
            let mut word = String::new();
            while let Some(&c) = chars.peek() {
                if c == ',' || c == '}' {
                    break;
                }
                word.push(c);
                chars.next();
            }
            let literal = ["null", "true", "false"].contains(&word.as_str());
            assert!(literal || word.parse::<f64>().is_ok(), "{}", line);
            word
        };
        object.insert(key, value);
        match chars.next() {
            Some(',') => continue,
            Some('}') => break,
            other => panic!("{:?} in {}", other, line),
        }
    }
    assert_eq!(chars.next(), None, "{}", line);
    object
}

fn json_string(chars: &mut std::iter::Peekable<std::str::Chars>) -> String {
    assert_eq!(chars.next(), Some('"'));
    let mut text = String::new();
    loop {
        match chars.next().expect("unterminated string") {
            '"' => return text,
            '\\' => match chars.next().unwrap() {
                'n' => text.push('\n'),
                't' => text.push('\t'),
                'r' => text.push('\r'),
                'u' => {
                    let hex: String = chars.by_ref().take(4).collect();
                    text.push(char::from_u32(u32::from_str_radix(&hex, 16).unwrap()).unwrap());
                }
                c => text.push(c),
            },
            c => {
                assert!(c >= ' ', "raw control character in a string");
                text.push(c);
            }
        }
    }
}
