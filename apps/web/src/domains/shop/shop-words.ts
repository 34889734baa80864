import { moduleTexts } from '../../shell/module-texts';
import { en } from './shop-texts-en';
import { zh } from './shop-texts-zh';

// The staff shop screens' texts (products and goods orders), read as `shop.key`.
export const { useTexts: useShopTexts } = moduleTexts('shop', en, zh);
