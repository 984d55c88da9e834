import { fireEvent, within } from "@testing-library/react";

/** Picks an option of a native select by its visible label, as a person would. */
export function selectOption(select: HTMLElement, label: string): void {
  const option = within(select).getByRole("option", { name: label }) as HTMLOptionElement;
  fireEvent.change(select, { target: { value: option.value } });
}
