// The experiments' public module (decision 039): the statistics that judge one, which any page may load.

export {
  chiSquarePValue,
  type ExperimentJudgement,
  formatChance,
  judgeExperiment,
  type VariantCounts,
  type VariantJudgement,
} from "./stats";
