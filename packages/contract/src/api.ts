import { questionEndpoints } from './modules/question-endpoints';

// Every endpoint of the product beyond the resource engine's generated verbs, by domain:
// the server registers each (defineEndpoint) and the web calls them (call(api.question.copy, ...)).
export const api = {
  question: questionEndpoints,
};
