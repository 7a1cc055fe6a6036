package money

// Cents is an amount of money.
type Cents int
