/** Bad input to the renderer (an empty list, a blank address, a source PDF it cannot copy pages from). */
export class SlipInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SlipInputError';
  }
}
