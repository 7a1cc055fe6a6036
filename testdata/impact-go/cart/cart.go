package cart

import (
	"fmt"

	p "example.com/shop/pricing"
)

// Total sums the cart after the discount.
func Total(prices []int, percent int) int {
	sum := 0
	for _, price := range prices {
		sum += p.Discount(price, percent)
	}
	return sum
}

// Label says which rule priced the cart.
func Label(percent int) string {
	return fmt.Sprintf("Discount %d%%", percent)
}
