import { moduleTexts } from '../../shell/module-texts';
import { en } from './points-texts-en';
import { zh } from './points-texts-zh';

// The staff points screen's texts, read as `points.key`.
export const { useTexts: usePointsTexts } = moduleTexts('points', en, zh);

export const DAY = 'YYYY-MM-DD';
