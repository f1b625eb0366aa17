//! One function per exercise, in the learner's signatures: the table the
//! harness fills from tests/exercises/ and the self-tests fill with
//! references and mistakes.

use super::reference as r;
use super::reference_beyond as rb;
use super::signatures::*;
use crate::model::attention::{broadcast_sum, context, softmax};
use crate::model::encoder::{annotations, embed};

/// One function per exercise, in the learner's signatures. The harness fills
/// it from tests/exercises/; the self-tests fill it with references and mistakes.
#[derive(Clone, Copy)]
pub struct Submissions {
    pub embed: EmbedFn,
    pub gru_step: GruStepFn,
    pub annotations: AnnotationsFn,
    pub broadcast_sum: BroadcastSumFn,
    pub energies: EnergiesFn,
    pub softmax: SoftmaxFn,
    pub masked_softmax: MaskedSoftmaxFn,
    pub context: ContextFn,
    pub decoder_step: DecoderStepFn,
    pub luong_dot: LuongDotFn,
    pub luong_general: LuongGeneralFn,
    pub entropy: EntropyFn,
    pub coverage: CoverageFn,
    pub softmax_backward: SoftmaxBackwardFn,
    pub context_backward: ContextBackwardFn,
    pub encdec_contexts: EncdecContextsFn,
    pub brevity_penalty: BrevityPenaltyFn,
    pub masked_context: MaskedContextFn,
    pub beam_step: BeamStepFn,
    pub energies_backward: EnergiesBackwardFn,
    pub clipped_precision: ClippedPrecisionFn,
}

impl Submissions {
    /// Every reference solution.
    pub fn reference() -> Submissions {
        Submissions {
            embed,
            gru_step: r::gru_step,
            annotations,
            broadcast_sum,
            energies: r::energies,
            softmax,
            masked_softmax: r::masked_softmax,
            context,
            decoder_step: r::decoder_step,
            luong_dot: r::luong_dot,
            luong_general: r::luong_general,
            entropy: r::entropy,
            coverage: r::coverage,
            softmax_backward: r::softmax_backward,
            context_backward: rb::context_backward,
            encdec_contexts: rb::encdec_contexts,
            brevity_penalty: rb::brevity_penalty,
            masked_context: rb::masked_context,
            beam_step: rb::beam_step,
            energies_backward: rb::energies_backward,
            clipped_precision: rb::clipped_precision,
        }
    }

    /// What every exercise file holds before the learner starts: `todo!()`.
    pub fn untouched() -> Submissions {
        Submissions {
            embed: |_, _| todo!(),
            gru_step: |_, _, _| todo!(),
            annotations: |_, _| todo!(),
            broadcast_sum: |_, _| todo!(),
            energies: |_, _, _, _, _, _| todo!(),
            softmax: |_| todo!(),
            masked_softmax: |_, _| todo!(),
            context: |_, _| todo!(),
            decoder_step: |_, _, _, _, _| todo!(),
            luong_dot: |_, _| todo!(),
            luong_general: |_, _, _| todo!(),
            entropy: |_| todo!(),
            coverage: |_| todo!(),
            softmax_backward: |_, _| todo!(),
            context_backward: |_, _, _| todo!(),
            encdec_contexts: |_, _, _| todo!(),
            brevity_penalty: |_, _| todo!(),
            masked_context: |_, _, _| todo!(),
            beam_step: |_, _, _, _| todo!(),
            energies_backward: |_, _, _| todo!(),
            clipped_precision: |_, _, _| todo!(),
        }
    }
}
