// The syntax tree of a program (Note [Programs] in src/lang/program.h):
// what src/lang/parser.h reads and src/lang/run.cpp walks. One node type
// per family, tagged by its kind, so that the interpreter is one switch.
// Every node knows where it was written, for the error that points at the
// innermost expression that raised.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tc::lang {

// 1-based; the end is exclusive (the column just after the last byte).
struct Span {
  int line = 0, column = 0, end_line = 0, end_column = 0;
};

// The operators of the tree, as CPython's ast module names them
// (ast.operator, ast.unaryop, ast.cmpop): the interpreter switches on
// these; their text is only for messages.
enum class Operator : uint8_t { Add, Sub, Mult, Div, FloorDiv, Mod, Pow, MatMult, BitOr, BitXor, BitAnd };
enum class UnaryOperator : uint8_t { USub, UAdd, Not, Invert };
enum class BoolOperator : uint8_t { And, Or };
enum class CmpOp : uint8_t { Eq, NotEq, Lt, LtE, Gt, GtE, In, NotIn, Is, IsNot };

// How Python writes them: "+", "//", "-", "<=".
inline const char* operator_text(Operator op) {
  switch (op) {
    case Operator::Add: return "+";
    case Operator::Sub: return "-";
    case Operator::Mult: return "*";
    case Operator::Div: return "/";
    case Operator::FloorDiv: return "//";
    case Operator::Mod: return "%";
    case Operator::Pow: return "**";
    case Operator::MatMult: return "@";
    case Operator::BitOr: return "|";
    case Operator::BitXor: return "^";
    case Operator::BitAnd: return "&";
  }
  return "";
}
inline const char* operator_text(UnaryOperator op) {
  switch (op) {
    case UnaryOperator::USub: return "-";
    case UnaryOperator::UAdd: return "+";
    case UnaryOperator::Not: return "not";
    case UnaryOperator::Invert: return "~";
  }
  return "";
}
inline const char* operator_text(BoolOperator op) { return op == BoolOperator::And ? "and" : "or"; }
inline const char* operator_text(CmpOp op) {
  switch (op) {
    case CmpOp::Eq: return "==";
    case CmpOp::NotEq: return "!=";
    case CmpOp::Lt: return "<";
    case CmpOp::LtE: return "<=";
    case CmpOp::Gt: return ">";
    case CmpOp::GtE: return ">=";
    case CmpOp::In: return "in";
    case CmpOp::NotIn: return "not in";
    case CmpOp::Is: return "is";
    case CmpOp::IsNot: return "is not";
  }
  return "";
}

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

struct Keyword {
  std::string name;
  ExprPtr value;
  Span span;  // name=value
};

struct Expr {
  enum class Kind {
    Name,       // text
    Int,        // int_value
    Float,      // float_value
    Bool,       // bool_value
    None,
    Ellipsis,   // ...
    String,     // text: the decoded value
    Tuple,      // items (also a bare `a, b` and the tuple of x[a, b])
    List,       // items
    Unary,      // unary_op; items[0]
    Binary,     // op; items[0], items[1]
    Compare,    // ops[i] between items[i] and items[i + 1] (a < b < c)
    Attribute,  // items[0].text
    Call,       // items[0](items[1:], keywords)
    Subscript,  // items[0][items[1]]
    Slice,      // items[0]:items[1]:items[2], each may be null (inside x[...] only)
    BoolOp,     // bool_op between items (a and b and c: three items)
    IfExp,      // items[0] if items[1] else items[2]
    FString,    // f"...": items are String (literal text) and FormattedValue pieces, in order
    FormattedValue,  // {items[0]!conversion:text} inside an f-string; conversion 0, 'r' or 's'
    ListComp,   // [items[0] for ...]: items[1:] are its CompFor clauses, outermost first
    CompFor,    // for items[0] in items[1] if items[2] if ...: one clause of a ListComp
  };
  Kind kind;
  Span span;
  // With the parentheses written around it, if any: (a + b) * c starts at
  // the '(' though a + b itself starts at the a (errors point at a + b).
  Span outer;
  int depth = 1;  // of the tree below it, this node included (ProgramLimits::max_nesting)
  std::string text;
  int64_t int_value = 0;
  double float_value = 0;
  bool bool_value = false;
  Operator op = Operator::Add;                 // Binary
  UnaryOperator unary_op = UnaryOperator::USub;  // Unary
  BoolOperator bool_op = BoolOperator::And;      // BoolOp
  char conversion = 0;                           // FormattedValue: 0, 'r' or 's'
  std::vector<CmpOp> ops;                      // Compare
  std::vector<ExprPtr> items;
  std::vector<Keyword> keywords;
};

// One name an import binds: `import torch.nn.functional as F` binds F to
// the module "torch.nn.functional"; `import torch.nn` binds torch to
// "torch"; `from torch import nn as n` binds n to member "nn" of "torch".
struct ImportName {
  std::string module;  // the dotted path imported (or imported from)
  std::string member;  // from-imports: the name taken from module
  std::string bound;   // the name it binds
  bool aliased = false;  // written with `as`
  Span span;           // the dotted path or member as written
};

struct FunctionDef;

// Note [Compound statements]: for, while, if, def and with are statements
// with a body. A compound statement's span is its header (`for x in
// xs:`, without the body), so that a step of the header (binding x, testing
// the condition) shows that line alone; its body and orelse are
// statements of their own. `elif` is an if in the orelse of the one
// before (as CPython's ast has it).
struct Statement {
  enum class Kind {
    Expression,  // value
    Assign,      // targets = ... = value (each target a Name, Tuple, List or Attribute)
    AugAssign,   // targets[0] op= value
    Import,      // imports
    For,         // for targets[0] in value: body
    While,       // while value: body
    If,          // if value: body [else: orelse]
    FunctionDef, // def function->name(...): function->body
    Return,      // return [value]
    With,        // with value [as targets[0]]: body
    Assert,      // assert value [, message]
    Pass,
    Break,
    Continue,
    Refused,     // a construct the subset leaves out: raises `refusal` at refused_at when it runs
                 // (Note [Refused constructs] in src/lang/parser.cpp)
  };
  Kind kind;
  Span span;
  std::vector<ExprPtr> targets;
  ExprPtr value;
  ExprPtr message;                   // Assert
  Operator op = Operator::Add;       // AugAssign
  std::vector<ImportName> imports;
  std::vector<Statement> body, orelse;
  std::shared_ptr<const FunctionDef> function;  // FunctionDef
  bool elif = false;                 // an If written `elif` (in its parent's orelse)
  std::string refusal;               // Refused: what the subset says of the construct
  Span refused_at;                   // Refused: the construct
};

struct Parameter {
  std::string name;
  ExprPtr default_value;  // null: none
  Span span;
};

// A function the program defines. Shared: a Value naming the function
// (Note [Program functions] in src/lang/run.cpp) keeps it alive after the
// program's tree is gone.
struct FunctionDef {
  std::string name;
  std::vector<Parameter> parameters;
  std::vector<Statement> body;
  Span span;                          // the header: def f(a, b=1):
  std::vector<std::string> locals;    // names its body binds: its local names (sorted)
};

struct Module {
  std::vector<Statement> statements;
};

}  // namespace tc::lang
