package dev.weft.context.jq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.thisptr.jackson.jq.Expression;
import net.thisptr.jackson.jq.PathOutput;
import net.thisptr.jackson.jq.Scope;
import net.thisptr.jackson.jq.exception.JsonQueryException;
import net.thisptr.jackson.jq.internal.operators.BinaryOperator;
import net.thisptr.jackson.jq.path.Path;

/**
 * Instruments a compiled jackson-jq tree so that a {@link Budget} sees every step. jackson-jq has no step hook, and a
 * query can loop without calling any built-in ({@code def f(n): f(n-1), f(n-1)}) or grow a value by operators
 * alone ({@code "x" * 1e9}, {@code . + .}), so wrapping the built-ins is not enough: every field of the tree typed
 * {@link Expression} (and every element of a {@code List<Expression>}) is replaced by a {@link Checked} node that
 * checks the budget on entry and counts and sizes every value it emits, and every {@link BinaryOperator} by a
 * {@link CheckedOperator} that refuses a string repetition past the size bound before allocating it. Only fields
 * declared {@code Expression} are wrapped: jackson-jq tests node classes with {@code instanceof} on other types
 * (pipe components, field-access targets in {@code toString}), never on an {@code Expression} field's value.
 * {@code BoundedJqTest} fails if a jackson-jq upgrade moves the tree out of this walk's reach.
 */
final class JqTree {
  private static final String JQ_PACKAGE = "net.thisptr.jackson.jq.";

  private JqTree() {}

  /** The instrumented form of {@code root} (whose subtree is instrumented in place). */
  static Expression instrument(Expression root) {
    Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    walk(root, seen);
    return new Checked(root);
  }

  /** Instruments, in place, everything reachable from {@code node}: a built-in function's compiled body. */
  static void instrumentObject(Object node) {
    walk(node, Collections.newSetFromMap(new IdentityHashMap<>()));
  }

  private static void walk(Object node, Set<Object> seen) {
    if (node == null || !isJq(node.getClass()) || node instanceof Scope || !seen.add(node)) {
      return;
    }
    for (Class<?> type = node.getClass(); type != null && type != Object.class; type = type.getSuperclass()) {
      for (Field field : type.getDeclaredFields()) {
        if (!Modifier.isStatic(field.getModifiers()) && !field.getType().isPrimitive()) {
          instrumentField(node, field, seen);
        }
      }
    }
  }

  private static void instrumentField(Object node, Field field, Set<Object> seen) {
    try {
      field.setAccessible(true);
      Object value = field.get(node);
      if (value == null || value instanceof Checked || value instanceof CheckedOperator) {
        return;
      }
      if (field.getType() == Expression.class) {
        walk(value, seen);
        field.set(node, new Checked((Expression) value));
      } else if (field.getType() == BinaryOperator.class) {
        field.set(node, new CheckedOperator((BinaryOperator) value));
      } else if (value instanceof List<?> list) {
        list.forEach(element -> walk(element, seen));
        if (holdsExpressions(field)) {
          List<Expression> checked = new ArrayList<>();
          list.forEach(element -> checked.add(element == null ? null : new Checked((Expression) element)));
          field.set(node, checked);
        }
      } else if (value instanceof Map<?, ?> map) {
        map.values().forEach(element -> walk(element, seen));
      } else if (value instanceof Object[] array) {
        for (Object element : array) {
          walk(element, seen);
        }
      } else {
        walk(value, seen);
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      // a tree this walk cannot instrument must not run unbounded: refuse it (a defect, exit 70)
      throw new IllegalStateException("cannot bound jq node " + node.getClass().getName() + "." + field.getName()
          + " (jackson-jq's tree changed?): " + e, e);
    }
  }

  private static boolean holdsExpressions(Field field) {
    return field.getGenericType() instanceof ParameterizedType type
        && type.getActualTypeArguments().length == 1 && type.getActualTypeArguments()[0] == Expression.class;
  }

  private static boolean isJq(Class<?> type) {
    return type.getName().startsWith(JQ_PACKAGE);
  }

  /** An expression that spends its run's budget: one step on entry, one value per output. */
  static final class Checked implements Expression {
    private final Expression inner;

    Checked(Expression inner) {
      this.inner = inner;
    }

    @Override
    public void apply(Scope scope, JsonNode in, Path path, PathOutput output, boolean requirePath)
        throws JsonQueryException {
      Budget budget = current();
      budget.step();
      inner.apply(scope, in, path, (value, valuePath) -> {
        budget.value(value);
        output.emit(value, valuePath);
      }, requirePath);
    }

    @Override
    public String toString() {
      return inner.toString();
    }
  }

  /** An operator whose string repetition is refused past the size bound before the string is built. */
  static final class CheckedOperator implements BinaryOperator {
    private final BinaryOperator inner;

    CheckedOperator(BinaryOperator inner) {
      this.inner = inner;
    }

    @Override
    public JsonNode apply(ObjectMapper mapper, JsonNode lhs, JsonNode rhs) throws JsonQueryException {
      Budget budget = current();
      if ("*".equals(inner.image())) {
        if (lhs.isTextual() && rhs.isNumber()) {
          budget.checkSize((long) (lhs.textValue().length() * Math.max(0, rhs.asDouble())));
        } else if (rhs.isTextual() && lhs.isNumber()) {
          budget.checkSize((long) (rhs.textValue().length() * Math.max(0, lhs.asDouble())));
        }
      }
      return inner.apply(mapper, lhs, rhs);
    }

    @Override
    public String image() {
      return inner.image();
    }
  }

  private static Budget current() {
    Budget budget = Budget.CURRENT.get();
    if (budget == null) {
      throw new IllegalStateException("a bounded jq query ran outside BoundedJq.run; evaluate jq only through it");
    }
    return budget;
  }
}
