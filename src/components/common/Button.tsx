import { forwardRef, type MouseEvent } from 'react';
import { Button as ChakraButton, Loader, type ButtonProps } from '@chakra-ui/react';

export type { ButtonProps };

/**
 * Chakra's Button, except while `loading`: Chakra disables it then, and a disabled button drops
 * the keyboard's focus to the page (and a screen reader's place with it), or not, depending on
 * whether its answer came before that render. Here it stays focusable: `aria-disabled` (it looks
 * disabled, and says so) and `aria-busy`, with Chakra's spinner and `loadingText`; a press does
 * nothing, a form's submit included (its default is prevented). `disabled` still disables it
 * when it is not the one loading.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { loading, loadingText, spinner, spinnerPlacement, children, onClick, disabled, ...rest },
  ref,
) {
  if (!loading || rest.asChild) {
    return (
      <ChakraButton ref={ref} loading={loading} loadingText={loadingText} onClick={onClick} disabled={disabled} {...rest}>
        {children}
      </ChakraButton>
    );
  }
  return (
    <ChakraButton
      ref={ref}
      {...rest}
      aria-disabled
      aria-busy
      onClick={(event: MouseEvent<HTMLButtonElement>) => event.preventDefault()}
    >
      <Loader spinner={spinner} text={loadingText} spinnerPlacement={spinnerPlacement}>
        {children}
      </Loader>
    </ChakraButton>
  );
});
