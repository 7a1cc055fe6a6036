package pricing

// Discount returns the price after a percentage discount, rounded to whole cents.
func Discount(price int, percent int) int {
	if percent <= 0 || percent > 100 {
		return price
	}
	return roundCents(price * (100 - percent))
}

func roundCents(v int) int {
	return (v + 50) / 100
}

// Bulk applies Discount to every price.
func Bulk(prices []int, percent int) []int {
	out := make([]int, 0, len(prices))
	for _, p := range prices {
		out = append(out, Discount(p, percent))
	}
	return out
}
