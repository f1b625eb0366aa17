//! An exercise's input seen as a flat list of matrices, so that the diagnosis
//! can rebuild it with one part changed (a weight zeroed, an index moved, a
//! designed probe) without knowing the exercise's types. Indices (t, ids,
//! the mask) are parts too, stored as f64 and rounded back.

use crate::model::{ContextWeights, Gru, Mat, Vector};

/// Flattens into parts and rebuilds from them, in a fixed order.
pub trait Flat: Sized {
    fn push_parts(&self, out: &mut Vec<Mat>);
    /// Takes this value's parts from the front of `parts`.
    fn take(&self, parts: &mut std::slice::Iter<'_, Mat>) -> Self;

    fn parts(&self) -> Vec<Mat> {
        let mut out = Vec::new();
        self.push_parts(&mut out);
        out
    }
    fn rebuild(&self, parts: &[Mat]) -> Self {
        self.take(&mut parts.iter())
    }
}

fn next<'a>(parts: &mut std::slice::Iter<'a, Mat>) -> &'a Mat {
    parts.next().expect("a rebuilt input has as many parts as the original")
}

impl Flat for Mat {
    fn push_parts(&self, out: &mut Vec<Mat>) {
        out.push(self.clone());
    }
    fn take(&self, parts: &mut std::slice::Iter<'_, Mat>) -> Self {
        next(parts).clone()
    }
}

impl Flat for Vector {
    fn push_parts(&self, out: &mut Vec<Mat>) {
        out.push(Mat::from_column_slice(self.len(), 1, self.as_slice()));
    }
    fn take(&self, parts: &mut std::slice::Iter<'_, Mat>) -> Self {
        Vector::from_column_slice(next(parts).as_slice())
    }
}

impl Flat for usize {
    fn push_parts(&self, out: &mut Vec<Mat>) {
        out.push(Mat::from_element(1, 1, *self as f64));
    }
    fn take(&self, parts: &mut std::slice::Iter<'_, Mat>) -> Self {
        next(parts)[(0, 0)].round().max(0.0) as usize
    }
}

impl Flat for Vec<usize> {
    fn push_parts(&self, out: &mut Vec<Mat>) {
        out.push(Mat::from_iterator(self.len(), 1, self.iter().map(|&i| i as f64)));
    }
    fn take(&self, parts: &mut std::slice::Iter<'_, Mat>) -> Self {
        next(parts).iter().map(|v| v.round().max(0.0) as usize).collect()
    }
}

/// W, W_z, W_r, U, U_z, U_r.
impl Flat for Gru {
    fn push_parts(&self, out: &mut Vec<Mat>) {
        out.extend([&self.w, &self.w_z, &self.w_r, &self.u, &self.u_z, &self.u_r].map(Mat::clone));
    }
    fn take(&self, parts: &mut std::slice::Iter<'_, Mat>) -> Self {
        let mut m = || next(parts).clone();
        Gru { w: m(), w_z: m(), w_r: m(), u: m(), u_z: m(), u_r: m() }
    }
}

/// C, C_z, C_r.
impl Flat for ContextWeights {
    fn push_parts(&self, out: &mut Vec<Mat>) {
        out.extend([&self.c, &self.c_z, &self.c_r].map(Mat::clone));
    }
    fn take(&self, parts: &mut std::slice::Iter<'_, Mat>) -> Self {
        let mut m = || next(parts).clone();
        ContextWeights { c: m(), c_z: m(), c_r: m() }
    }
}

/// The annotations of a padded batch, one matrix per sentence, all of one
/// shape: one part, the sentences side by side.
#[derive(Clone, Debug, PartialEq)]
pub struct Batch(pub Vec<Mat>);

impl Flat for Batch {
    fn push_parts(&self, out: &mut Vec<Mat>) {
        let cols: Vec<_> = self.0.iter().flat_map(|m| m.column_iter()).collect();
        out.push(Mat::from_columns(&cols));
    }
    fn take(&self, parts: &mut std::slice::Iter<'_, Mat>) -> Self {
        let all = next(parts);
        let width = self.0.first().map_or(0, Mat::ncols);
        Batch((0..self.0.len()).map(|b| all.columns(b * width, width).into_owned()).collect())
    }
}

/// Whitespace-separated sentences (a corpus side), as one part: for each
/// sentence its length, then its words, each word of up to ten letters a–z
/// written as a base-27 number (exact in f64), so any two corpora can swap
/// parts and read back the same words.
#[derive(Clone, Debug, PartialEq)]
pub struct Sentences(pub Vec<String>);

fn word_code(w: &str) -> f64 {
    w.bytes().fold(0.0, |code, b| code * 27.0 + f64::from(b.saturating_sub(b'a') % 26 + 1))
}

fn code_word(mut code: u64) -> String {
    let mut letters = Vec::new();
    while code > 0 {
        letters.push(b'a' + ((code % 27).max(1) - 1) as u8); // digits are 1 … 26
        code /= 27;
    }
    letters.reverse();
    String::from_utf8(letters).unwrap_or_default()
}

impl Sentences {
    pub fn as_strs(&self) -> Vec<&str> {
        self.0.iter().map(String::as_str).collect()
    }
}

/// The first `k` sentences of a part written by [`Sentences`].
pub fn first_sentences(part: &Mat, k: usize) -> Mat {
    let (mut at, mut left) = (0, k);
    while left > 0 && at < part.nrows() {
        at += 1 + part[(at, 0)].round().max(0.0) as usize;
        left -= 1;
    }
    part.rows(0, at.min(part.nrows())).into_owned()
}

impl Flat for Sentences {
    fn push_parts(&self, out: &mut Vec<Mat>) {
        let cells: Vec<f64> = self
            .0
            .iter()
            .flat_map(|s| {
                let words: Vec<f64> = s.split_whitespace().map(word_code).collect();
                std::iter::once(words.len() as f64).chain(words)
            })
            .collect();
        out.push(Mat::from_column_slice(cells.len(), 1, &cells));
    }
    fn take(&self, parts: &mut std::slice::Iter<'_, Mat>) -> Self {
        let cells: Vec<u64> = next(parts).iter().map(|v| v.round().max(0.0) as u64).collect();
        let mut out = Vec::new();
        let mut rest = &cells[..];
        while let Some((&len, tail)) = rest.split_first() {
            let len = (len as usize).min(tail.len());
            out.push(tail[..len].iter().map(|&c| code_word(c)).collect::<Vec<_>>().join(" "));
            rest = &tail[len..];
        }
        Sentences(out)
    }
}

macro_rules! flat_tuple {
    ($($t:ident $i:tt),+) => {
        impl<$($t: Flat),+> Flat for ($($t,)+) {
            fn push_parts(&self, out: &mut Vec<Mat>) {
                $(self.$i.push_parts(out);)+
            }
            fn take(&self, parts: &mut std::slice::Iter<'_, Mat>) -> Self {
                ($(self.$i.take(parts),)+)
            }
        }
    };
}

flat_tuple!(A 0, B 1);
flat_tuple!(A 0, B 1, C 2);
flat_tuple!(A 0, B 1, C 2, D 3);
flat_tuple!(A 0, B 1, C 2, D 3, E 4);
flat_tuple!(A 0, B 1, C 2, D 3, E 4, F 5);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rebuilt_input_equals_the_original() {
        let g = Gru {
            w: Mat::from_element(2, 3, 1.0),
            w_z: Mat::from_element(2, 3, 2.0),
            w_r: Mat::from_element(2, 3, 3.0),
            u: Mat::identity(2, 2),
            u_z: Mat::zeros(2, 2),
            u_r: Mat::from_element(2, 2, -1.0),
        };
        let input = (g, Vector::from_vec(vec![1.0, 2.0, 3.0]), vec![4usize, 0, 2], 3usize);
        let parts = input.parts();
        assert_eq!(parts.len(), 9);
        assert_eq!(input.rebuild(&parts), input);
    }

    #[test]
    fn sentences_read_back_the_same_words() {
        let corpus = Sentences(vec!["the cat sat".into(), String::new(), "zz a mat".into()]);
        let parts = corpus.parts();
        assert_eq!(corpus.rebuild(&parts), corpus);
        assert_eq!(Sentences(vec![]).rebuild(&[first_sentences(&parts[0], 1)]), Sentences(vec!["the cat sat".into()]));
    }
}
