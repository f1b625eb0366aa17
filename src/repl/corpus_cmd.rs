//! `corpus real` and `corpus toy`: the walkthrough on RNNsearch trained on
//! the real corpus (the report's first seed, kept in the corpus folder, or
//! trained once when it is not), or back on the toy scenario. On the real
//! corpus `source` and `target` tokenise with the corpus's rule and write
//! every word outside the shortlist as `<unk>`.

use crate::text::corpus as T;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicUsize;

use super::Reply;
use super::session::Session;
use crate::corpus::real::store::{CORPUS_ENV, corpus_dir};
use crate::corpus::real::tokenise::tokens;
use crate::corpus::real::{Ids, UNK};
use crate::experiments::real::RealConfig;
use crate::experiments::real::kept::{Kept, Loaded, Source, kept_path, load, load_corpus, obtain};
use crate::experiments::real::run::example_indices;
use crate::model::Params;
use crate::vocab::EOS;
use crate::walkthrough::scenario::{CorpusVocab, MAX_LEN, TestPair};
use crate::walkthrough::{Scenario, Walkthrough, fmt_num};
use crate::weights::Origin;

pub const CORPUS_WORDS: [&str; 2] = ["real", "toy"];
/// `BAHDANAU_REAL_CONFIG=quick` runs the REPL's real model at [`RealConfig::QUICK`] (for tests).
pub const CONFIG_ENV: &str = "BAHDANAU_REAL_CONFIG";

/// The config of the REPL's real model: the report's, unless tests ask for the quick one.
pub fn real_config() -> RealConfig {
    match std::env::var(CONFIG_ENV) {
        Ok(v) if v == "quick" => RealConfig::QUICK,
        _ => RealConfig::FULL,
    }
}

/// The seed of the REPL's real model: the config's first.
pub fn real_seed(c: &RealConfig) -> u64 {
    c.seeds.first().copied().unwrap_or(0)
}

/// Whether the session is on the real corpus.
pub fn is_real(s: &Session) -> bool {
    s.walk().scenario.corpus.is_some()
}

fn folder() -> Result<PathBuf, String> {
    corpus_dir().ok_or_else(|| T::NO_DATA_FOLDER.fill(&[("var", &CORPUS_ENV)]))
}

/// The corpus folder's data, or why there is none (with the command that fetches it).
fn corpus_here(c: &RealConfig) -> Result<(PathBuf, Loaded), String> {
    let dir = folder()?;
    if !dir.join("provenance.json").exists() {
        return Err(T::NO_CORPUS.fill(&[("dir", &dir.display().to_string())]));
    }
    let l = load_corpus(&dir, c).map_err(|e| T::UNCHANGED.fill(&[("error", &e)]))?;
    Ok((dir, l))
}

pub fn corpus_cmd(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    match args {
        [] if is_real(s) => Ok(Reply::Note(T::ON_REAL.get().into())),
        [] => Ok(Reply::Note(T::ON_TOY.get().into())),
        [w] if w == "toy" => {
            if !is_real(s) {
                return Ok(Reply::Note(T::ALREADY_TOY.get().into()));
            }
            let qkv = s.qkv();
            *s = Session::default_scenario()?;
            s.set_qkv(qkv);
            let (source, target) = (s.walk().scenario.source.join(" "), s.walk().scenario.target.join(" "));
            let origin = s.origin().sentence();
            Ok(Reply::Changed(T::BACK_ON_TOY.fill(&[("source", &source), ("target", &target), ("origin", &origin)])))
        }
        [w] if w == "real" => {
            if is_real(s) {
                return Ok(Reply::Note(T::ALREADY_REAL.get().into()));
            }
            let c = real_config();
            let (dir, l) = corpus_here(&c)?;
            let like = Params::init(c.dims, l.corpus.source.len(), l.corpus.target.len(), 0);
            let kept = load(&kept_path(&dir, real_seed(&c)), &l.digest, &c, real_seed(&c), &like)
                .map_err(|e| T::UNCHANGED.fill(&[("error", &e)]))?;
            match kept {
                Some(k) => switch(s, &l, k, false),
                None => Ok(Reply::RealTrain { pairs: crate::experiments::real::kept::pairs_to_train(&c, &l.corpus) }),
            }
        }
        _ => Err(T::ONE_WORD.get().into()),
    }
}

/// Trains the real model (counting pairs into `done`), keeps it, and switches
/// the session to it; on any error, Ctrl-C included, the session is unchanged.
/// A model trained but not kept (a full disk) is switched to all the same;
/// the second value then says why it was not kept.
pub fn train_and_switch(
    s: &mut Session,
    stop: &(dyn Fn() -> bool + Sync),
    done: &AtomicUsize,
) -> Result<(Reply, Option<String>), String> {
    let c = real_config();
    let (dir, l) = corpus_here(&c)?;
    let (k, source) =
        obtain(&dir, &l, (&c, real_seed(&c)), stop, done).map_err(|e| T::UNCHANGED.fill(&[("error", &e)]))?;
    let trained = source != Source::Kept;
    let not_kept = match source {
        Source::NotKept(why) => Some(why),
        _ => None,
    };
    switch(s, &l, k, trained).map(|reply| (reply, not_kept))
}

// ANCHOR: start
/// The test sentence the real walkthrough starts on, by a rule fixed before
/// any model was trained: the first of the book's examples (the first test
/// sentence of 8 to 15 words, every word in both shortlists, whose reference
/// holds `de`, `du` or `des`), else the first test sentence.
pub fn start_sentence(l: &Loaded) -> usize {
    example_indices(&l.corpus, &l.splits).first().copied().unwrap_or(0)
}
// ANCHOR_END: start

fn switch(s: &mut Session, l: &Loaded, k: Kept, trained: bool) -> Result<Reply, String> {
    let c = real_config();
    let index = start_sentence(l);
    let (en, fr) = l.splits.test.get(index).cloned().ok_or_else(|| T::NO_TEST_SENTENCES.get().to_string())?;
    let (sv, tv) = (l.corpus.source.clone(), l.corpus.target.clone());
    let (source, target) = (within(&en, &sv), within(&fr, &tv));
    let test = TestPair { index, source: source.clone(), reference: fr.clone() };
    let vocab = CorpusVocab { name: "real", source: sv, target: tv, test: Some(test) };
    let scenario = Scenario { seed: real_seed(&c), dims: c.dims, source, target, corpus: Some(Arc::new(vocab)) };
    let walk = Walkthrough::with_params(scenario, k.params).map_err(|e| T::UNCHANGED.fill(&[("error", &e)]))?;
    let qkv = s.qkv();
    *s = Session::new(walk);
    s.set_qkv(qkv);
    s.set_origin(Origin::Real { seed: real_seed(&c) });
    s.set_typed(as_typed(&en));
    let kept = k
        .checks
        .get(k.best)
        .map_or(String::new(), |c| T::KEPT_CHECK.fill(&[("pairs", &c.pairs), ("bleu", &fmt_num(c.bleu, 2))]));
    let how = if trained { T::HOW_TRAINED } else { T::HOW_KEPT }.get();
    Ok(Reply::Changed(real_banner(real_seed(&c), how, &kept, index, &en, &fr, crate::layout::width())))
}

/// What `corpus real` says once the session is on the real corpus, wrapped to
/// `width`. The sentences' tokens come from pages outside the project, so
/// they pass through the one control-character filter before they are shown.
fn real_banner(seed: u64, how: &str, kept: &str, index: usize, en: &[String], fr: &[String], width: usize) -> String {
    use crate::layout::visible::visible;
    let (source, reference) = (visible(&en.join(" ")), visible(&fr.join(" ")));
    let text = T::REAL_BANNER.fill(&[
        ("seed", &seed),
        ("how", &how),
        ("kept", &kept),
        ("index", &index),
        ("source", &source),
        ("reference", &reference),
        ("notice", &T::NOTICE.get()),
    ]);
    crate::layout::fit_to(&text, width)
}

/// `words` as typed, position for position with [`within`]'s: cut to MAX_LEN, then `<eos>`.
fn as_typed(words: &[String]) -> Vec<String> {
    words.iter().take(MAX_LEN - 1).cloned().chain([EOS.to_string()]).collect()
}

/// `words` with every word outside `v` as `<unk>`, then `<eos>`, cut to MAX_LEN.
fn within(words: &[String], v: &crate::vocab::Vocab) -> Vec<String> {
    let ids = Ids::new(v);
    let mut out: Vec<String> = words.iter().map(|w| if ids.known(w) { w.clone() } else { UNK.to_string() }).collect();
    out.truncate(MAX_LEN - 1);
    out.push(EOS.to_string());
    out
}

/// `source "…"` or `target "…"` on the real corpus: the text tokenised by the
/// corpus's rule (French elisions split on the target side), each word
/// outside the shortlist as `<unk>`, said in one line.
pub fn real_sentence(s: &mut Session, text: &str, is_source: bool) -> Result<Reply, String> {
    let words = tokens(text, !is_source);
    let side = if is_source { "source" } else { "target" };
    if words.is_empty() {
        return Err(T::EMPTY_SENTENCE.fill(&[("side", &side)]));
    }
    if words.len() >= MAX_LEN {
        return Err(T::TOO_LONG.fill(&[("n", &words.len()), ("limit", &(MAX_LEN - 1))]));
    }
    let w = s.walk();
    let vocab = if is_source { &w.source_vocab } else { &w.target_vocab };
    let ids = Ids::new(vocab);
    let outside: Vec<&str> = words.iter().map(String::as_str).filter(|t| !ids.known(t)).collect();
    let tokens = within(&words, vocab);
    let unk = match outside.len() {
        0 => String::new(),
        n => {
            let words = crate::layout::visible::visible(&outside.join(", "));
            let text = if n == 1 { T::ONE_UNK } else { T::MANY_UNK };
            format!("{}\n", text.fill(&[("n", &n), ("size", &vocab.len()), ("words", &words)]))
        }
    };
    if !is_source {
        s.with_sentences(w.scenario.source.clone(), tokens.clone())?;
        return Ok(Reply::Changed(format!("{unk}{}", T::TARGET_NOW.fill(&[("words", &tokens.join(" "))]))));
    }
    let target = s.with_source_and_own_target(tokens.clone())?;
    s.set_typed(as_typed(&words));
    let (words, target) = (tokens.join(" "), target.join(" "));
    Ok(Reply::Changed(format!("{unk}{}", T::SOURCE_NOW.fill(&[("words", &words), ("target", &target)]))))
}

/// The refusal of a toy-only command on the real corpus.
pub fn toy_only(name: &str) -> String {
    T::TOY_ONLY.fill(&[("name", &name)])
}

#[cfg(test)]
mod banner_tests {
    use super::real_banner;

    #[test]
    fn the_banner_fits_the_width_and_shows_no_control_character() {
        let words = |t: &str| t.split(' ').map(String::from).collect::<Vec<_>>();
        let en = words("click the \u{1b}[2J button to open the dialog of the document properties again");
        let fr = words("cliquez sur le bouton \u{7} pour ouvrir la boîte de dialogue des propriétés du document");
        for width in [80, 60] {
            let text = real_banner(
                7,
                "kept in the data folder",
                "the weights of its check at 4000 pair-updates, held-out BLEU 2.25",
                3,
                &en,
                &fr,
                width,
            );
            for line in text.lines() {
                assert!(crate::layout::columns_of(line) <= width, "{width}: {line:?}\n{text}");
                assert!(!crate::layout::visible::has_hidden(line), "{line:?}");
            }
            assert!(
                text.contains("dialog") && text.contains("Mozilla") && text.contains("held-out BLEU 2.25"),
                "{text}"
            );
        }
    }
}
