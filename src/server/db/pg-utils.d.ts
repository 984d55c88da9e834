/** pg's own conversion of a bind parameter's value to text (pg/lib/utils.js; @types/pg omits it). */
declare module "pg/lib/utils.js" {
  const utils: { prepareValue(value: unknown): unknown };
  export default utils;
}
