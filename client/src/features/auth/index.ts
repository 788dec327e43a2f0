// The sign-in feature's public face: its screen, a chunk of its own that the entry starts for a visitor.
export const loadSignIn = () => import("./SignIn.tsx");
