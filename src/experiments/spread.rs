//! The one place where runs over several seeds are summarised: per bucket
//! (or any other number), the mean, the standard deviation and the range.
//! Results keep every seed's numbers; these summaries are computed when
//! shown, never stored.

use super::score::Score;

/// n numbers summarised.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    pub n: usize,
    pub mean: f64,
    /// The sample standard deviation, √(Σ (x − mean)² / (n − 1)); 0 for one number.
    pub sd: f64,
    pub min: f64,
    pub max: f64,
}

impl Spread {
    pub fn of(xs: &[f64]) -> Spread {
        let n = xs.len();
        let mean = xs.iter().sum::<f64>() / n.max(1) as f64;
        let ss: f64 = xs.iter().map(|x| (x - mean).powi(2)).sum();
        Spread {
            n,
            mean,
            sd: if n > 1 { (ss / (n - 1) as f64).sqrt() } else { 0.0 },
            min: xs.iter().copied().fold(f64::INFINITY, f64::min),
            max: xs.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        }
    }
}

/// BLEU per bucket over seeds: `runs` holds each seed's buckets; the result
/// has one [`Spread`] per bucket.
pub fn bucket_spreads(runs: &[&[Score]]) -> Vec<Spread> {
    let buckets = runs.iter().map(|r| r.len()).min().unwrap_or(0);
    (0..buckets).map(|b| Spread::of(&runs.iter().map(|r| r[b].bleu).collect::<Vec<_>>())).collect()
}

/// BLEU by length over seeds, and over the whole split.
#[derive(Clone, Debug, PartialEq)]
pub struct LengthSpread {
    /// One [`Spread`] per bucket, as many as every seed has.
    pub buckets: Vec<Spread>,
    pub overall: Spread,
}

impl LengthSpread {
    /// Every bucket's spread, then the overall one.
    pub fn all(self) -> Vec<Spread> {
        self.buckets.into_iter().chain([self.overall]).collect()
    }
}

/// BLEU by length over seeds: `runs` holds each seed's buckets and its
/// score over the whole split.
pub fn by_length(runs: &[(&[Score], &Score)]) -> LengthSpread {
    let buckets: Vec<&[Score]> = runs.iter().map(|r| r.0).collect();
    let overall: Vec<f64> = runs.iter().map(|r| r.1.bleu).collect();
    LengthSpread { buckets: bucket_spreads(&buckets), overall: Spread::of(&overall) }
}

/// For each of several models, at how many runs it scored highest: `runs`
/// holds one number per model per run; a tie counts for every model tied.
pub fn wins(runs: &[Vec<f64>]) -> Vec<usize> {
    let models = runs.first().map_or(0, Vec::len);
    let mut out = vec![0; models];
    for r in runs {
        let best = r.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        for (k, v) in r.iter().enumerate() {
            out[k] += usize::from(*v == best);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use approx::assert_relative_eq;

    #[test]
    fn mean_sample_sd_and_range() {
        let s = Spread::of(&[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]);
        assert_eq!((s.n, s.mean, s.min, s.max), (8, 5.0, 2.0, 9.0));
        assert_relative_eq!(s.sd, (32.0f64 / 7.0).sqrt(), epsilon = 1e-15);
        assert_eq!(Spread::of(&[3.0]).sd, 0.0);
    }

    #[test]
    fn buckets_are_summarised_across_seeds() {
        let sc = |bleu| Score { label: "3–5".into(), sentences: 1, bleu, exact: 0 };
        let (a, b) = (vec![sc(10.0), sc(20.0)], vec![sc(30.0), sc(40.0)]);
        let s = bucket_spreads(&[&a, &b]);
        assert_eq!((s[0].mean, s[1].mean, s[1].min, s[1].max), (20.0, 30.0, 20.0, 40.0));
    }

    #[test]
    fn wins_count_the_best_of_every_run_ties_for_both() {
        assert_eq!(wins(&[vec![1.0, 2.0], vec![3.0, 1.0], vec![2.0, 2.0]]), vec![2, 2]);
    }
}
