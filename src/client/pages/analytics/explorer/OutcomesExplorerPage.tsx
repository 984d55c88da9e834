export const OutcomesExplorerPage = () => <h1>Outcomes explorer</h1>;
