/** The browser's toolbar colour on phones, the association's canal blue; every kind of page sets it in its Head. */
export const themeColor = <meta name="theme-color" content="#0f4c5c" />;
