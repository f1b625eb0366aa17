//! Feeds 10,000 random and mutated command lines to one session, in-process.
//! No line may panic; a refused line leaves the session exactly as it was,
//! and an accepted one leaves a session whose trace matches its scenario.
//! A second run feeds hostile lines (Unicode spaces, control characters,
//! tokens of thousands of characters) through the session, the error text
//! and Tab completion, and bounds what each line may print.

use bahdanau::front::error_text;
use bahdanau::render::{Style, render_reply};
use bahdanau::repl::complete::{Completion, Completions, hint};
use bahdanau::repl::save::session_json;
use bahdanau::repl::{COMMANDS, Session, execute};
use bahdanau::walkthrough::Walkthrough;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

const LINES: usize = 10_000;

struct Gen {
    rng: ChaCha8Rng,
    dir: std::path::PathBuf,
}

impl Gen {
    fn pick<'a>(&mut self, list: &[&'a str]) -> &'a str {
        list[self.rng.random_range(0..list.len())]
    }

    fn small(&mut self) -> String {
        match self.rng.random_range(0..20) {
            0 => "0".into(),
            1 => "65".into(),
            2 => "-1".into(),
            3 => "99999999999999999999999".into(),
            4 => "x".into(),
            5 => "64".into(),
            _ => self.rng.random_range(1..7).to_string(),
        }
    }

    fn sentence(&mut self, words: &[&str]) -> String {
        let n =
            if self.rng.random_range(0..30) == 0 { self.rng.random_range(40..60) } else { self.rng.random_range(0..7) };
        let mut out: Vec<String> = (0..n).map(|_| self.pick(words).to_string()).collect();
        if self.rng.random_range(0..10) == 0 {
            out.push(self.pick(&["Zone", "<eos>", "européenne", "\u{0}", "é"]).to_string());
        }
        out.join(" ")
    }

    fn file(&mut self) -> String {
        self.dir.join(format!("s{}.json", self.rng.random_range(0..6))).display().to_string()
    }

    fn line(&mut self, s: &Session) -> String {
        let w = s.walk();
        let src: Vec<&str> = w.source_vocab.tokens().iter().map(String::as_str).collect();
        let tgt: Vec<&str> = w.target_vocab.tokens().iter().map(String::as_str).collect();
        let names = ["X", "h_fwd", "H", "s_0", "UaH", "s_prev", "pre", "e", "alpha", "c", "s", "p", "A", "W_a", "v_a"];
        let t = self.rng.random_range(0..8);
        let id = self.rng.random_range(0..16);
        let base = match self.rng.random_range(0..24) {
            0..=4 => String::new(),
            5 => "back".into(),
            6 => format!("goto {id}"),
            7 => format!("goto {id} t={t}"),
            8 => format!("goto step_{id:02}_t{t}"),
            9 => format!("show {}", self.pick(&names)),
            10 => format!("show {} t={t}", self.pick(&names)),
            11 => format!("show {}_{t}", self.pick(&names)),
            12 => format!("source \"{}\"", self.sentence(&src)),
            13 => format!("target {}", self.sentence(&tgt)),
            14 => {
                let k = self.pick(&["m", "n", "n'", "l", "k"]);
                format!("dims {k}={}", self.small())
            }
            15 => format!("dims {} {} {} {}", self.small(), self.small(), self.small(), self.small()),
            16 => format!(
                "seed {}",
                if self.rng.random_bool(0.8) { self.rng.random::<u64>().to_string() } else { self.small() }
            ),
            17 => format!("save {}", self.file()),
            18 => format!("load {}", self.file()),
            19 => format!("export {}", self.dir.join("trace.json").display()),
            20 => format!("help {}", self.pick(&["goto", "gotoo", "", "x y"])),
            _ => {
                let c = &COMMANDS[self.rng.random_range(0..COMMANDS.len())];
                // export/save/load with their own words would write stray files.
                if matches!(c.name, "export" | "save" | "load") { "where".into() } else { c.name.to_string() }
            }
        };
        self.mutate(base)
    }

    fn mutate(&mut self, line: String) -> String {
        if line.contains(".json") || self.rng.random_range(0..10) < 7 {
            return line;
        }
        let junk = ['"', ';', '#', '=', '_', ' ', '7', 'é', '→', '\t', '“', '\u{301}', '0', 't'];
        let mut chars: Vec<char> = line.chars().collect();
        for _ in 0..self.rng.random_range(1..4) {
            let at = self.rng.random_range(0..=chars.len());
            match self.rng.random_range(0..4) {
                0 if at < chars.len() => drop(chars.remove(at)),
                1 => chars.insert(at, junk[self.rng.random_range(0..junk.len())]),
                2 => chars.truncate(at),
                _ => chars.extend(chars[..at].to_vec()),
            }
        }
        chars.into_iter().collect()
    }

    /// Now and then a session file is corrupted on disk, so `load` meets
    /// truncated, foreign and mis-shaped files.
    fn corrupt_a_file(&mut self, s: &Session) {
        let path = self.file();
        let good = serde_json::to_string(&session_json(s)).unwrap();
        let bad = match self.rng.random_range(0..4) {
            0 => good[..self.rng.random_range(0..good.len())].to_string(),
            1 => good.replace("bahdanau-session/2", "bahdanau-session/9"),
            2 => good.replacen("\"n\":", "\"n\":1", 1),
            _ => good.replacen('0', "x", 1),
        };
        std::fs::write(path, bad).unwrap();
    }
}

fn assert_valid(s: &Session, line: &str) {
    let w = s.walk();
    assert_eq!(s.order(), w.order().as_slice(), "after {line:?}");
    assert!(s.position().is_none_or(|k| k < s.order().len()), "after {line:?}");
    assert_eq!(w.params.dims(), w.scenario.dims, "after {line:?}");
    let again = Walkthrough::with_params(w.scenario.clone(), w.params.clone()).expect("the scenario is valid");
    assert!(again == *w, "the trace no longer matches its scenario after {line:?}");
}

#[test]
fn ten_thousand_random_lines_never_panic_or_corrupt_the_session() {
    let dir = std::env::temp_dir().join(format!("bahdanau-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut g = Gen { rng: ChaCha8Rng::seed_from_u64(20_140_901), dir: dir.clone() };
    let mut s = Session::default_scenario().unwrap();
    let (mut accepted, mut refused, mut loads) = (0, 0, 0);
    for _ in 0..LINES {
        if g.rng.random_range(0..50) == 0 {
            g.corrupt_a_file(&s);
        }
        let line = g.line(&s);
        let before = s.clone();
        match execute(&mut s, &line) {
            Ok(reply) => {
                accepted += 1;
                loads += usize::from(line.starts_with("load"));
                assert_valid(&s, &line);
                let _ = render_reply(&reply, &s, Style::PLAIN);
            }
            Err(msg) => {
                refused += 1;
                assert!(!msg.is_empty(), "{line:?}");
                assert!(s == before, "the refused line {line:?} changed the session");
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
    eprintln!("accepted {accepted}, refused {refused}, loads {loads}");
    // Both kinds of line must be exercised, or the test proves little.
    assert!(accepted > LINES / 4 && refused > LINES / 10, "accepted {accepted}, refused {refused}");
    assert!(loads > 10, "only {loads} successful loads");
}

/// Pieces a hostile line is made of.
const ODD: &[&str] = &[
    "\u{a0}",
    "\u{3000}",
    "\u{2028}",
    "\u{2003}",
    "\u{200b}",
    "\u{feff}",
    "\u{202e}",
    "\u{1b}[2J",
    "\u{7}",
    "\u{0}",
    "\r",
    "\t",
    "\u{8}",
    "\u{7f}",
    "\"",
    "“",
    "”",
    ";",
    "#",
    "=",
    "t=",
    "t=0",
    "t=99999999999999999999",
    "1e308",
    "-0",
    "NaN",
    "18446744073709551616",
    "é",
    "😀",
    "\u{301}",
    "α",
    " ",
    "  ",
    "..",
    "step_09_t",
    "n'=",
];

fn hostile_line(rng: &mut ChaCha8Rng) -> String {
    let c = &COMMANDS[rng.random_range(0..COMMANDS.len())];
    // train and run would only return a request here, but quit ends nothing either.
    let mut line = if rng.random_range(0..8) == 0 { String::new() } else { format!("{} ", c.name) };
    for _ in 0..rng.random_range(0..5) {
        match rng.random_range(0..10) {
            0 => {
                // A token of thousands of characters, from a mixed pool.
                let n = rng.random_range(100..20_000);
                line.extend((0..n).map(|_| ["x", "é", "\u{1b}", "😀", "\u{3000}"][rng.random_range(0..5)]));
            }
            1..=5 => line.push_str(ODD[rng.random_range(0..ODD.len())]),
            _ => line.push_str(
                ["alpha", "W_a", "9", "t=2", "on", "the", "la", "n=3", "3", "h_fwd"][rng.random_range(0..10)],
            ),
        }
    }
    line
}

fn has_raw_control(text: &str) -> bool {
    text.chars().any(|c| c.is_control() && c != '\n')
}

#[test]
fn hostile_lines_never_panic_print_little_and_complete_safely() {
    const HOSTILE: usize = 2_000;
    let dir = std::env::temp_dir().join(format!("bahdanau-fuzz-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(20_141_001);
    let mut s = Session::default_scenario().unwrap();
    let files = rustyline::completion::FilenameCompleter::new();
    let (mut refused, mut longest_error, mut longest_reply) = (0, 0, 0);
    for _ in 0..HOSTILE {
        let mut line = hostile_line(&mut rng);
        if line.starts_with("save") || line.starts_with("export") || line.starts_with("load") {
            line =
                format!("{} {}/f{}", &line[..4], dir.display(), &line[line.find(' ').map_or(line.len(), |i| i + 1)..]);
        }
        let completions = Completions::new(&s);
        for pos in (0..=line.len()).step_by(1 + line.len() / 40) {
            if let Completion::File = completions.complete(&line, pos)
                && line.is_char_boundary(pos)
            {
                let _ = files.complete_path(&line, pos);
            }
            let _ = hint(&line, pos);
        }
        let before = s.clone();
        match execute(&mut s, &line) {
            Ok(reply) => {
                let text = render_reply(&reply, &s, Style::PLAIN);
                longest_reply = longest_reply.max(text.len());
                assert!(text.len() < 1 << 20, "{} bytes after {:?}", text.len(), &line[..line.len().min(200)]);
                assert!(!has_raw_control(&text), "a control character reached the output after {line:?}");
            }
            Err(msg) => {
                refused += 1;
                assert!(s == before, "the refused line {line:?} changed the session");
                let shown = error_text(&msg, Style::PLAIN);
                longest_error = longest_error.max(shown.chars().count());
                // One error, wrapped to the width: a few short lines at most.
                assert!(shown.chars().count() <= 600 && shown.lines().count() <= 8, "{shown}");
                assert!(!has_raw_control(&shown), "{shown:?}");
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
    eprintln!(
        "refused {refused} of {HOSTILE}; longest error {longest_error} characters, longest reply {longest_reply} bytes"
    );
    assert!(refused > HOSTILE / 4 && refused < HOSTILE, "refused {refused}: both kinds must be exercised");
}
