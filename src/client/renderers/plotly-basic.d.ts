// plotly.js-basic-dist-min ships a prebuilt bundle without types; react-plotly.js's factory only needs the object.
declare module "plotly.js-basic-dist-min" {
  const Plotly: unknown;
  export default Plotly;
}
