import { default_w, FSRSAlgorithm, generatorParameters } from 'ts-fsrs';
import { logNormal, uniform, type Random } from './random.js';

/**
 * Simulated children. Population A is what the predictor assumes: FSRS-6's default memory with
 * one forgetting speed per child. Population B is built on other parameters on purpose: each
 * child's own FSRS weights (every weight moved by up to about ±30%), slower and more varied
 * children, and words that are harder to start with. The predictor never sees B's parameters.
 */
export interface SimWord {
  /** Chance of spelling it right the first time it is practised (heard at school before). */
  firstRecall: number;
  /** Added to the model's difficulty after the first review: some words stay hard. */
  difficultyShift: number;
}

export interface SimChild {
  speed: number;
  model: FSRSAlgorithm;
  words: SimWord[];
}

export type PopulationName = 'A (assumed)' | 'B (not assumed)';
export const POPULATIONS: PopulationName[] = ['A (assumed)', 'B (not assumed)'];

const defaultModel = new FSRSAlgorithm(generatorParameters({ enable_fuzz: false, enable_short_term: false }));

function perturbedModel(random: Random): FSRSAlgorithm {
  const w = default_w.map((weight) => weight * logNormal(random, 0, 0.15));
  return new FSRSAlgorithm(generatorParameters({ w, enable_fuzz: false, enable_short_term: false }));
}

export function makeChild(population: PopulationName, wordCount: number, random: Random): SimChild {
  const assumed = population === 'A (assumed)';
  const speed = assumed ? logNormal(random, 0, 0.5) : logNormal(random, 0.3, 0.7);
  const model = assumed ? defaultModel : perturbedModel(random);
  const words = Array.from({ length: wordCount }, () => {
    const hardness = random();
    return {
      firstRecall: assumed ? 0.85 - 0.5 * hardness : uniform(random, 0.15, 0.8),
      difficultyShift: assumed ? (hardness - 0.5) * 3 : uniform(random, -1, 3),
    };
  });
  return { speed, model, words };
}
