import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../../src/components/common/Button';
import { expectBusy } from '../busy';

/**
 * The console's button: Chakra's, except while its action is under way (`loading`), when it says
 * so (busy, and disabled to assistive technology) yet keeps the keyboard's focus, and a press does
 * nothing, a form's submit included.
 */
export default { title: 'Components/Common/Button', component: Button, args: { children: 'Save', onClick: fn() } } satisfies Meta<typeof Button>;

type Story = StoryObj<typeof Button>;

/** The button, by the name it shows. */
const button = (canvasElement: HTMLElement, name: string) => within(canvasElement).getByRole('button', { name });

/** A press calls its action. */
export const Ready: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(button(canvasElement, 'Save'));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    await expect(button(canvasElement, 'Save')).not.toHaveAttribute('aria-busy');
  },
};

/** Under way: busy with its spinner and text, still focused; a press and Enter do nothing. */
export const Loading: Story = {
  args: { loading: true, loadingText: 'Saving…' },
  play: async ({ canvasElement, args }) => {
    const saving = button(canvasElement, 'Saving…');
    await expectBusy(saving);
    saving.focus();
    await userEvent.click(saving);
    await userEvent.keyboard('{Enter}');
    await expect(args.onClick).not.toHaveBeenCalled();
    await expect(saving).toHaveFocus();
  },
};

/** What the form of LoadingSubmit sent. */
const submitted = fn();

/** Under way in a form: its submit is not sent again. */
export const LoadingSubmit: Story = {
  args: { loading: true, loadingText: 'Signing in…', type: 'submit', children: 'Sign in' },
  beforeEach() {
    submitted.mockClear();
  },
  render: (args) => (
    <form
      aria-label="Sign in"
      onSubmit={(event) => {
        event.preventDefault();
        submitted();
      }}
    >
      <Button {...args} />
    </form>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(button(canvasElement, 'Signing in…'));
    await expect(submitted).not.toHaveBeenCalled();
  },
};

/** Disabled (not the one under way): it cannot be pressed. */
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement, args }) => {
    await expect(button(canvasElement, 'Save')).toBeDisabled();
    await userEvent.click(button(canvasElement, 'Save'), { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};
