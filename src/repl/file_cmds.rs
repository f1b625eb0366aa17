//! Files: `export`, `save` and `load`.

use super::reply::Reply;
use super::session::Session;
use super::{save as store, visible};
use crate::text::files as T;

fn file_arg<'a>(args: &'a [String], name: &str, example: &str) -> Result<&'a str, String> {
    match args {
        // Names are printed back, and a control character there would act on the terminal.
        [p] if visible::has_hidden(p) => {
            Err(T::FILE_NAME_HIDDEN.fill(&[("name", &visible::quote(p)), ("command", &name), ("example", &example)]))
        }
        [p] if !p.trim().is_empty() => Ok(p),
        _ => Err(T::NEEDS_FILE.fill(&[("command", &name), ("example", &example)])),
    }
}

/// `export FILE.json [grad]`: the trace as JSON, with the gradient if asked.
pub fn export(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    let (file, gradient) = match args {
        [p, g] if g == "grad" => (std::slice::from_ref(p), true),
        [_, other] => {
            return Err(T::EXPORT_EXTRA.fill(&[("word", other)]));
        }
        _ => (args, false),
    };
    let path = file_arg(file, "export", "trace.json")?;
    crate::export::write_trace(s.walk(), std::path::Path::new(path), gradient)?;
    let wrote = if gradient { T::WROTE_TRACE_GRAD } else { T::WROTE_TRACE };
    Ok(Reply::Note(wrote.fill(&[("file", &path), ("format", &crate::export::FORMAT)])))
}

/// `save FILE`: the whole session.
pub fn save(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    let path = file_arg(args, "save", "session.json")?;
    store::save(s, path).map(|()| Reply::Note(T::SAVED.fill(&[("file", &path)])))
}

/// `load FILE`: a saved session, or the current one unchanged if the file is bad.
pub fn load(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    let path = file_arg(args, "load", "session.json")?;
    let (loaded, lang) = store::load(path).map_err(|e| crate::text::corpus::UNCHANGED.fill(&[("error", &e)]))?;
    *s = loaded;
    if let Some(lang) = lang {
        crate::text::set(lang);
    }
    Ok(Reply::Note(T::LOADED.fill(&[("file", &path), ("shown", &s.shown()), ("n", &s.order().len())])))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repl::execute;

    #[test]
    fn export_writes_the_trace_of_the_current_scenario() {
        let mut s = Session::default_scenario().unwrap();
        execute(&mut s, "source the Area").unwrap();
        let file = std::env::temp_dir().join(format!("bahdanau-cmd-export-{}.json", std::process::id()));
        execute(&mut s, &format!("export \"{}\"", file.display())).unwrap();
        let j: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        std::fs::remove_file(&file).unwrap();
        assert_eq!(j["format"], crate::export::FORMAT);
        assert_eq!(j["source"], serde_json::json!(["the", "Area", "<eos>"]));
        assert!(j.get("gradient").is_none(), "the gradient only when asked");
        assert!(execute(&mut s, "export").unwrap_err().contains("export trace.json"));
        assert!(execute(&mut s, "export a.json gradient").unwrap_err().contains("export trace.json grad"));
        let reply = execute(&mut s, &format!("export \"{}\" grad", file.display())).unwrap();
        assert!(matches!(&reply, Reply::Note(n) if n.contains("gradient")), "{reply:?}");
        let j: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        std::fs::remove_file(&file).unwrap();
        assert_eq!(j["gradient"]["params"]["W_a"]["shape"], serde_json::json!([16, 8]));
    }
}
