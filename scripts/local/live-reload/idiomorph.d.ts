// The part of idiomorph's API the live-reload script uses (the package ships JSDoc, no declarations).
declare module 'idiomorph' {
  export interface IdiomorphConfig {
    morphStyle?: 'outerHTML' | 'innerHTML';
    ignoreActive?: boolean;
    callbacks?: {
      beforeAttributeUpdated?: (name: string, element: Element, mutation: 'update' | 'remove') => boolean;
    };
  }
  export const Idiomorph: {
    morph(oldNode: Element | Document, newContent: Element | Node | string | null, config?: IdiomorphConfig): unknown;
  };
}
