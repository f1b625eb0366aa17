//! The paragraphs of one help page: every `<p>` and `<h1>`…`<h6>` whose id
//! starts `par_id` or `hd_id`, as plain text (markup stripped, the five
//! entities and numeric references decoded, white space collapsed).

/// (element id, text) in page order; an id seen twice keeps its first text.
pub fn paragraphs(html: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut seen: std::collections::HashSet<&str> = std::collections::HashSet::new();
    let mut rest = html;
    while let Some(at) = rest.find(" id=\"") {
        let (before, after) = rest.split_at(at);
        rest = &after[5..];
        let Some(tag) = opening_tag(before) else { continue };
        let Some(end_id) = rest.find('"') else { break };
        let id = &rest[..end_id];
        if !(id.starts_with("par_id") || id.starts_with("hd_id")) {
            continue;
        }
        let Some(body_at) = rest.find('>') else { break };
        let close = format!("</{tag}>");
        let Some(body_len) = rest[body_at + 1..].find(&close) else { break };
        let body = &rest[body_at + 1..body_at + 1 + body_len];
        if seen.insert(id) {
            out.push((id.to_string(), plain_text(body)));
        }
        rest = &rest[body_at + 1 + body_len..];
    }
    out
}

/// The tag name if `before` ends inside an opening `<p` or `<hN` tag.
fn opening_tag(before: &str) -> Option<&str> {
    let lt = before.rfind('<')?;
    let tag = &before[lt + 1..];
    let name = tag.split(|c: char| c.is_whitespace()).next()?;
    let heading = name.len() == 2 && name.starts_with('h') && name[1..].chars().all(|c| c.is_ascii_digit());
    (!tag.contains('>') && (name == "p" || heading)).then_some(name)
}

/// Markup removed (a tag becomes nothing), entities decoded, runs of white
/// space (no-break space included) made one space, ends trimmed.
pub fn plain_text(body: &str) -> String {
    let mut text = String::with_capacity(body.len());
    let mut in_tag = false;
    for c in body.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    let decoded = decode_entities(&text);
    decoded.split(|c: char| c.is_whitespace() || c == '\u{a0}').filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ")
}

fn decode_entities(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let Some(semi) = rest.char_indices().take(12).find(|c| c.1 == ';').map(|c| c.0) else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let name = &rest[1..semi];
        let c = match name {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            "nbsp" => Some(' '),
            _ => name
                .strip_prefix("#x")
                .map(|h| u32::from_str_radix(h, 16).ok())
                .or_else(|| name.strip_prefix('#').map(|d| d.parse().ok()))
                .flatten()
                .and_then(char::from_u32),
        };
        match c {
            Some(c) => {
                out.push(c);
                rest = &rest[semi + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_nested_markup_and_entities() {
        let page = r#"<div id="DisplayArea"><h1 id="hd_id1" dir="auto">Insert <span class="x">Table</span></h1>
<p id="par_id2" class="paragraph">Choose <a href="x.html"><strong>Format&nbsp;- Cells</strong></a> &amp; click &lt;OK&gt;.</p>
<p id="other">skipped</p><p id="par_id2">a second copy is ignored</p><h3 id="hd_id3">Tab&#233;</h3>"#;
        let got = paragraphs(page);
        assert_eq!(
            got,
            [
                ("hd_id1".to_string(), "Insert Table".to_string()),
                ("par_id2".to_string(), "Choose Format - Cells & click <OK>.".to_string()),
                ("hd_id3".to_string(), "Tabé".to_string()),
            ]
        );
    }

    #[test]
    fn a_stray_ampersand_is_kept() {
        assert_eq!(plain_text("A & B &unknown; C"), "A & B &unknown; C");
        assert_eq!(plain_text("&lt;= : Inférieur ou égal à"), "<= : Inférieur ou égal à");
    }
}
