export { ApiErrorExplanation } from './ApiErrorExplanation';
export { SelectorEditor } from './SelectorEditor';
