import { admissionActionLabels } from './operation-action-admission';
import { certificateActionLabels } from './operation-action-certificate';
import { graduationActionLabels } from './operation-action-graduation';
import { recordsActionLabels } from './operation-action-records';
import { trainingActionLabels } from './operation-action-training';

// The logged verbs of issue 34's areas (admissions, records, graduation, training, certificates), one
// file each, gathered here so the catalogue names them once.
export const academicActionLabels = {
  ...admissionActionLabels,
  ...recordsActionLabels,
  ...graduationActionLabels,
  ...trainingActionLabels,
  ...certificateActionLabels,
};
