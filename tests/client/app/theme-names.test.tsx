// @vitest-environment jsdom
import { Button, MantineProvider, Menu, Modal, Notification } from "@mantine/core";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { theme } from "../../../src/client/theme.ts";
import "../renderers/test-utils.tsx";

/**
 * The theme names every icon-only close button once for the whole app (issue 9 §6: unnamed close
 * buttons on dialogs and toasts were axe's critical findings), and keeps menus free of unnamed
 * focusable children.
 */
function withTheme(ui: React.ReactElement) {
  return render(
    <MantineProvider theme={theme} env="test">
      {ui}
    </MantineProvider>,
  );
}

describe("the app theme", () => {
  it("names a dialog's close button", () => {
    withTheme(
      <Modal opened onClose={() => {}} title="Assign measure">
        body
      </Modal>,
    );
    expect(screen.getByRole("button", { name: "Close dialog" })).toBeTruthy();
  });

  it("names a toast's close button", () => {
    withTheme(<Notification title="Saved">The location was saved.</Notification>);
    expect(screen.getByRole("button", { name: "Close notification" })).toBeTruthy();
  });

  it("lets a screen name its own dialog close button", () => {
    withTheme(
      <Modal opened onClose={() => {}} title="Acknowledge alert" closeButtonProps={{ "aria-label": "Close" }}>
        body
      </Modal>,
    );
    expect(screen.getByRole("button", { name: "Close" })).toBeTruthy();
  });

  it("opens a menu holding only menu items, with nothing focusable that is presentational", () => {
    withTheme(
      <Menu>
        <Menu.Target>
          <Button>Account</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Dana Whitfield</Menu.Label>
          <Menu.Item>Sign out</Menu.Item>
        </Menu.Dropdown>
      </Menu>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Account" }));
    const menu = screen.getByRole("menu");
    expect(screen.getByRole("menuitem", { name: "Sign out" })).toBeTruthy();
    // A focusable element without a real role inside role="menu" is what axe calls critical.
    const presentational = [...menu.querySelectorAll("[tabindex]")].filter((el) =>
      ["", "presentation", "none"].includes(el.getAttribute("role") ?? ""),
    );
    expect(presentational).toEqual([]);
  });
});
